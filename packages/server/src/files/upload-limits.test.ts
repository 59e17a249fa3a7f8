import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_FILE_LIMITS } from '../config/processing-limits.ts';
import { FileWorkers } from './file-work.ts';
import { safeRelativePath } from './paths.ts';
import { assertNoClash } from './raw-clash.ts';
import { formatBytes } from './sizes.ts';
import { BUNDLE_STAGING_PREFIX, removeStaleTempFiles } from './temp-cleanup.ts';
import { bytesBelow, uploadBudget } from './upload-budget.ts';

describe('upload file limits', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oasis-upload-limits-'));
    await mkdir(join(dir, 'raw', 'folder'), { recursive: true });
    await writeFile(join(dir, 'raw', 'a.cif'), 'x'.repeat(1000));
    await writeFile(join(dir, 'raw', 'folder', 'b.cif'), 'x'.repeat(24));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('refuses names longer than 255 bytes (counted in UTF-8)', () => {
    expect(safeRelativePath(`a/${'é'.repeat(127)}`)).toBe(`a/${'é'.repeat(127)}`);
    expect(() => safeRelativePath(`a/${'é'.repeat(128)}`)).toThrow(/is longer than 255 bytes/);
  });

  it('finds files in the way of folders and folders in the way of files', async () => {
    const raw = join(dir, 'raw');
    await assertNoClash(raw, ['new/x.cif', 'folder/c.cif', 'a.cif']);
    await expect(assertNoClash(raw, ['a.cif/x.cif'])).rejects.toThrow(
      "Cannot write 'a.cif/x.cif': 'a.cif' is a file in the upload, not a folder.",
    );
    await expect(assertNoClash(raw, ['folder'])).rejects.toThrow(
      "Cannot write 'folder': it is a folder in the upload.",
    );
  });

  it('gives a write what the upload limit or the free disk space minus the reserve leaves', async () => {
    const fileWork = new FileWorkers();
    expect(await bytesBelow(fileWork, join(dir, 'raw'))).toBe(1024);
    expect(await bytesBelow(fileWork, join(dir, 'missing'))).toBe(0);
    const byUpload = await uploadBudget(fileWork, join(dir, 'raw'), dir, {
      ...DEFAULT_UPLOAD_FILE_LIMITS,
      maxUploadBytes: 4096,
    });
    expect(byUpload.bytes).toBe(3072);
    expect(byUpload.exceeded().detail).toBe(
      'The upload would hold more than 4 kB of files, the limit per upload.',
    );
    const byDisk = await uploadBudget(fileWork, join(dir, 'raw'), dir, {
      ...DEFAULT_UPLOAD_FILE_LIMITS,
      diskReserveBytes: 2 ** 60,
    });
    expect(byDisk.bytes).toBe(0);
    expect(byDisk.exceeded().detail).toMatch(
      /^The server does not have enough free disk space for this upload/,
    );
    await fileWork.close();
  });

  it('removes temp files at start, only old ones when others may be writing', async () => {
    const tmp = join(dir, 'uploads', 'u1', 'tmp');
    await mkdir(join(tmp, 'staging', 'x'), { recursive: true });
    await writeFile(join(tmp, 'fresh'), '');
    await writeFile(join(tmp, 'old'), '');
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(join(tmp, 'old'), hourAgo, hourAgo);
    // An interrupted bundle import's staging folder (with its own raw/ and tmp/).
    const staging = join(dir, 'uploads', `${BUNDLE_STAGING_PREFIX}0123`);
    await mkdir(join(staging, 'raw'), { recursive: true });
    await utimes(staging, hourAgo, hourAgo);
    const fileWork = new FileWorkers();
    expect(await removeStaleTempFiles(fileWork, dir, 3600_000)).toBe(2);
    expect(existsSync(staging)).toBe(false);
    expect(await removeStaleTempFiles(fileWork, dir)).toBe(2);
    expect(await removeStaleTempFiles(fileWork, dir)).toBe(0);
    await fileWork.close();
  });

  it('formats sizes as people say them', () => {
    expect(
      [2 * 1024 ** 3, 256 * 1024 ** 2, 1536 * 1024 ** 2, 400 * 1024 ** 2 + 21, 12_345, 100].map(formatBytes),
    ).toEqual(['2 GB', '256 MB', '1.5 GB', '400 MB', '12.1 kB', '100 bytes']);
  });
});
