// The bounded walk behind rawdir's folder sizes, on a real temp folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEW_FILE_REQUESTS, poolStall } from '../testing/pool-stall.ts';
import { folderSizes } from './read.ts';

describe('folder sizes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folder-sizes-'));
    await mkdir(path.join(dir, 'a', 'b'), { recursive: true });
    await writeFile(path.join(dir, 'a', 'b', 'x.txt'), '12345');
    await writeFile(path.join(dir, 'a', 'y.txt'), '12');
    await writeFile(path.join(dir, 'z.txt'), '1');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('adds up the files below the folder and below each folder in it', async () => {
    const sizes = await folderSizes(dir);
    expect(sizes?.total).toBe(8);
    expect([...(sizes?.children ?? [])]).toEqual([['a', 7]]);
  });

  it('answers undefined rather than a partial sum once the walk visits more entries than allowed', async () => {
    // Five directory entries in all: z.txt, a, a/y.txt, a/b, a/b/x.txt.
    expect(await folderSizes(dir, 5)).toBeDefined();
    expect(await folderSizes(dir, 4)).toBeUndefined();
  });

  it("measures a large folder a few files at a time, leaving libuv's thread pool to other requests", async () => {
    const large = path.join(dir, 'large');
    mkdirSync(large);
    for (let i = 0; i < 10_000; i++) writeFileSync(path.join(large, `f${i}`), 'x');
    const seen = await poolStall(() => folderSizes(large));
    expect((seen.result as { total: number }).total).toBe(10_000);
    // Counted, not timed: a few of the walk's stats on the pool at once, and cheap reads got through.
    expect(seen.mostFileRequests).toBeLessThanOrEqual(FEW_FILE_REQUESTS);
    expect(seen.stats).toBeGreaterThan(1);
  }, 120_000);
});
