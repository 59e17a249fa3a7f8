// A tool's working folder shows published uploads as read-only mirrors; laying them out and removing them
// again goes over every file of the upload, on the file-work threads: libuv's thread pool (which static
// files, compression and the database share) and the event loop answer meanwhile. The waits of the probes
// are compared with how long the operation took, never with a fixed time.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileWorkers } from '../files/file-work.ts';
import { FEW_FILE_REQUESTS, poolStall } from '../testing/pool-stall.ts';
import { layOutUploads } from './upload-folders.ts';

const FILES = 10_000;

describe("a tool's upload folders", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-north-mirror-'));
  const fileWork = new FileWorkers();
  afterAll(async () => {
    await fileWork.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mirror a published upload of many files and remove the mirror without holding the thread pool', async () => {
    const rawDir = path.join(dir, 'raw');
    mkdirSync(path.join(rawDir, 'many'), { recursive: true });
    for (let i = 0; i < FILES; i++) writeFileSync(path.join(rawDir, 'many', `f${i}`), '');
    const workDir = path.join(dir, 'work');
    const upload = { upload_id: 'u1', upload_name: 'Many', published: true, rawDir };

    const mirroring = await poolStall(() => layOutUploads(fileWork, workDir, [upload]));
    expect(mirroring.result).toEqual(new Map([['u1', 'uploads/many-u1']]));
    expect(mirroring.stats).toBeGreaterThan(1);
    expect(mirroring.ticks).toBeGreaterThan(1);
    expect(mirroring.mostFileRequests).toBeLessThanOrEqual(FEW_FILE_REQUESTS);
    const mirrored = path.join(workDir, 'uploads', 'many-u1', 'many');
    expect(readdirSync(mirrored)).toHaveLength(FILES);
    expect(lstatSync(path.join(mirrored, 'f0')).mode & 0o222).toBe(0);
    expect(lstatSync(mirrored).mode & 0o222).toBe(0);

    // The next start lays the folder out anew: the read-only mirror of many files goes.
    const removing = await poolStall(() => layOutUploads(fileWork, workDir, []));
    expect(removing.stats).toBeGreaterThan(1);
    expect(removing.ticks).toBeGreaterThan(1);
    expect(removing.mostFileRequests).toBeLessThanOrEqual(FEW_FILE_REQUESTS);
    expect(readdirSync(path.join(workDir, 'uploads'))).toEqual([]);
    expect(existsSync(path.join(rawDir, 'many', 'f0'))).toBe(true);
  }, 300_000);
});
