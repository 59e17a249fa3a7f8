// Bulk file operations run on the file-work threads: while one goes over a tree of many files, libuv's
// thread pool (which static files, compression and the database share) and the event loop still answer.
// Each check compares the longest wait of a probe with how long the operation took, never with a fixed time.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_FILE_LIMITS } from '../config/processing-limits.ts';
import { HttpError } from '../errors.ts';
import { FEW_FILE_REQUESTS, FEW_POOL_REQUESTS, poolStall, type PoolStall } from '../testing/pool-stall.ts';
import { makeZipOf } from '../testing/zip.ts';
import { extractArchive } from './extract.ts';
import { FileWorkers } from './file-work.ts';
import { UploadFiles } from './storage.ts';
import { removeStaleTempFiles } from './temp-cleanup.ts';
import { bytesBelow } from './upload-budget.ts';
import { moveToTrash, TrashEmptier, trashDir } from './trash.ts';

// Enough files that a recursive delete on libuv's pool holds it for a good part of a second and more.
const FILES = 10_000;
// Extraction goes through the thread's event loop for each member: fewer members keep the test short.
const MEMBERS = 5_000;
const expectNoStall = (seen: PoolStall) => {
  // Counted, not timed (a busy machine stretches any wait): cheap reads and turns of the loop got through
  // while the work ran, which puts at most a few requests on the pool at once, never one per file, and
  // only a few in all (each file's calls are on a file-work thread).
  expect(seen.stats).toBeGreaterThan(1);
  expect(seen.ticks).toBeGreaterThan(1);
  expect(seen.mostFileRequests).toBeLessThanOrEqual(FEW_FILE_REQUESTS);
  expect(seen.poolRequests).toBeLessThanOrEqual(FEW_POOL_REQUESTS);
};

/** `count` empty files in one folder (as the upload of the issue: a recursive delete has them all in flight). */
const manyFiles = (dir: string, count: number) => {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(path.join(dir, `f${i}`), '');
};

describe('bulk file operations', () => {
  let dataDir = '';
  let fileWork: FileWorkers;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-file-work-'));
    fileWork = new FileWorkers();
  });
  afterAll(async () => {
    await fileWork.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('empties the trash without holding the thread pool', async () => {
    const tree = path.join(dataDir, 'deleted');
    manyFiles(tree, FILES);
    await moveToTrash(dataDir, tree);
    const emptier = new TrashEmptier(dataDir, fileWork);
    const seen = await poolStall(async () => {
      emptier.wake();
      await emptier.idle();
    });
    expect(seen.result).toBeUndefined();
    expectNoStall(seen);
    expect(readdirSync(trashDir(dataDir))).toEqual([]);
    await emptier.close();
  }, 120_000);

  it('removes what an interrupted extraction left at start without holding the thread pool', async () => {
    const staging = path.join(dataDir, 'uploads', 'u1', 'tmp', 'staging');
    manyFiles(staging, FILES);
    const seen = await poolStall(() => removeStaleTempFiles(fileWork, dataDir));
    expect(seen.result).toBe(1);
    expectNoStall(seen);
    expect(existsSync(staging)).toBe(false);
  }, 120_000);

  it('measures a folder of many files without holding the thread pool', async () => {
    const tree = path.join(dataDir, 'measured');
    manyFiles(tree, FILES);
    writeFileSync(path.join(tree, 'f0'), 'twelve bytes');
    const seen = await poolStall(() => bytesBelow(fileWork, tree));
    expect(seen.result).toBe(12);
    expectNoStall(seen);
  }, 120_000);

  it('extracts a zip of many files without holding the thread pool or the loop', async () => {
    const files = new UploadFiles(dataDir, 'u2');
    await files.create();
    const zip = files.tempPath();
    writeFileSync(zip, makeZipOf(Array.from({ length: MEMBERS }, (_, i) => [`many/f${i}`, ''] as const)));
    const seen = await poolStall(() =>
      extractArchive(fileWork, 'zip', zip, files, '', DEFAULT_UPLOAD_FILE_LIMITS),
    );
    expect(seen.result).toHaveLength(MEMBERS);
    expectNoStall(seen);
    expect(readdirSync(path.join(files.rawDir, 'many'))).toHaveLength(MEMBERS);
    expect(readdirSync(path.join(files.root, 'tmp'))).toEqual([]);
  }, 120_000);

  it('takes back a refused zip of many files without holding the thread pool', async () => {
    const files = new UploadFiles(dataDir, 'u3');
    await files.create();
    const zip = files.tempPath();
    // Every member is staged before the last one is refused: all of them are removed again.
    const members = Array.from({ length: MEMBERS }, (_, i) => [`many/f${i}`, ''] as const);
    writeFileSync(zip, makeZipOf([...members, ['big', 'x'.repeat(2048)]]));
    const seen = await poolStall(() =>
      extractArchive(fileWork, 'zip', zip, files, '', {
        ...DEFAULT_UPLOAD_FILE_LIMITS,
        maxUploadBytes: 1024,
      }),
    );
    expect(seen.result).toBeInstanceOf(HttpError);
    expect((seen.result as HttpError).detail).toMatch(/more than 1 kB of files/);
    expectNoStall(seen);
    expect(readdirSync(files.rawDir)).toEqual([]);
    expect(readdirSync(path.join(files.root, 'tmp'))).toEqual([]);
  }, 120_000);
});

describe('FileWorkers', () => {
  it('runs operations of one key one after another, reports failures, and refuses work once closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-file-workers-'));
    const fileWork = new FileWorkers({ threads: 2 });
    mkdirSync(path.join(dir, 'from', 'a'), { recursive: true });
    writeFileSync(path.join(dir, 'from', 'a', 'x'), 'x');
    writeFileSync(path.join(dir, 'from', 'y'), 'y');
    const moving = fileWork.run(
      { op: 'move-into', from: path.join(dir, 'from'), to: dir, relatives: ['a/x', 'y'] },
      'k',
    );
    // Queued behind the move of the same key, so it finds the moved files.
    const mirroring = fileWork.run(
      { op: 'mirror-read-only', source: dir, target: path.join(dir, '..', `${path.basename(dir)}-mirror`) },
      'k',
    );
    await Promise.all([moving, mirroring]);
    expect(readdirSync(path.join(dir, 'a'))).toEqual(['x']);
    const mirror = `${dir}-mirror`;
    expect(readdirSync(mirror).sort()).toEqual(['a', 'from', 'y']);
    await fileWork.run({ op: 'remove-mirror', target: mirror });
    expect(existsSync(mirror)).toBe(false);
    await expect(
      fileWork.run({ op: 'move-into', from: dir, to: dir, relatives: ['missing'] }),
    ).rejects.toMatchObject({ code: 'ENOENT', relative: 'missing' });
    await fileWork.close();
    await expect(fileWork.run({ op: 'remove', target: dir })).rejects.toThrow(/closed/);
    rmSync(dir, { recursive: true, force: true });
  });
});
