import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileWorkers } from '../../files/file-work.ts';
import { UploadFiles } from '../../files/storage.ts';
import { resolveInside } from '../../files/paths.ts';
import type { UploadArea } from '../backup/format.ts';
import { DamagedBackupError } from './damaged.ts';
import { holdsFiles } from './target.ts';

/**
 * The upload files of a restore, written into a staging folder in the data directory (same file system,
 * so moving an upload's folder into place is one rename) and moved into `uploads/` only once the whole
 * backup was read and verified: a damaged backup leaves the data directory as it was. Trees are removed on
 * a file-work thread (files/file-work.ts), as in the server.
 */
export class StagedUploads {
  private readonly moved: string[] = [];
  private readonly fileWork = new FileWorkers({ threads: 1 });

  private constructor(
    private readonly dataDir: string,
    private readonly staging: string,
  ) {}

  static async create(dataDir: string): Promise<StagedUploads> {
    const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
    await mkdir(staging, { recursive: true });
    return new StagedUploads(dataDir, staging);
  }

  /** Where `relative` of an upload's area goes; refuses paths that would leave it (a forged backup). */
  private target(uploadId: string, area: UploadArea, relative: string): string {
    const files = new UploadFiles(this.staging, uploadId);
    const root = area === 'raw' ? files.rawDir : files.archiveDir;
    try {
      return relative ? resolveInside(root, relative) : root;
    } catch {
      throw new DamagedBackupError(
        `it holds a file outside its upload folder: ${uploadId}/${area}/${relative}`,
      );
    }
  }

  async directory(uploadId: string, area: UploadArea, relative: string): Promise<void> {
    await mkdir(this.target(uploadId, area, relative), { recursive: true });
  }

  async file(
    uploadId: string,
    area: UploadArea,
    relative: string,
    body: Readable,
    through: Transform,
    mtime: Date | undefined,
  ): Promise<void> {
    const target = this.target(uploadId, area, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(body, through, createWriteStream(target, { flags: 'wx' }));
    if (mtime) await utimes(target, mtime, mtime);
  }

  /** Moves every staged upload folder to uploads/<id>; an empty folder tree already there gives way. */
  async moveIntoPlace(): Promise<void> {
    const staged = path.join(this.staging, 'uploads');
    const ids = await readdir(staged).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    await mkdir(path.join(this.dataDir, 'uploads'), { recursive: true });
    for (const id of ids) {
      const target = path.join(this.dataDir, 'uploads', id);
      if (await holdsFiles(target))
        throw new Error(`${target} received files while the restore ran; is a server running?`);
      await this.fileWork.run({ op: 'remove', target });
      await rename(path.join(staged, id), target);
      this.moved.push(target);
    }
  }

  /** After a failure: takes out again what moveIntoPlace moved. */
  async undoMoves(): Promise<void> {
    for (const target of this.moved.splice(0)) await this.fileWork.run({ op: 'remove', target });
  }

  /** Removes the staging folder and ends the file-work thread. */
  async removeStaging(): Promise<void> {
    try {
      await this.fileWork.run({ op: 'remove', target: this.staging });
    } finally {
      await this.fileWork.close();
    }
  }
}
