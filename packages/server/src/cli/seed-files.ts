import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UploadFiles } from '../files/storage.ts';
import type { SeedUpload } from './seed-generate.ts';

/** Files written at once: enough to keep the file system's thread pool busy, few open handles. */
const PARALLEL = 16;

/**
 * Writes a seeded upload's files where processing puts them: each entry's mainfile under `raw/` and its
 * archive under `archive/` (UploadFiles.writeArchive, as processing does), so its pages open.
 */
export const writeSeedFiles = async (dataDir: string, upload: SeedUpload): Promise<void> => {
  const files = new UploadFiles(dataDir, upload.upload_id);
  await files.create();
  const folders = new Set(upload.entries.map((entry) => path.dirname(files.rawPath(entry.mainfile))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < upload.entries.length; i = next++) {
      const entry = upload.entries[i]!;
      await writeFile(files.rawPath(entry.mainfile), entry.raw);
      await files.writeArchive(entry.entry_id, entry.archive);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
};
