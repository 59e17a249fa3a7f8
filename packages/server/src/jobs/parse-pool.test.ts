import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naclCif } from '../testing/structures.ts';
import { ParsePool } from './parse-pool.ts';

describe('ParsePool', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oasis-pool-'));
    await writeFile(join(dir, 'NaCl.cif'), naclCif);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const task = (relativePath: string) => ({
    absolutePath: join(dir, relativePath),
    relativePath,
    uploadId: 'u1',
    entryId: 'e1',
    parserName: 'parsers/cif',
  });

  it('parses in worker threads, two at a time on this machine', async () => {
    const pool = new ParsePool(2);
    try {
      const outcomes = await Promise.all([pool.run(task('NaCl.cif')), pool.run(task('NaCl.cif'))]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      expect(pool.size).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('ends a parse that exceeds the time limit with a clear error, and keeps serving', async () => {
    // Starting a thread alone takes longer than 1 ms, so every task here runs into the limit.
    const pool = new ParsePool(1, 1);
    try {
      const outcome = await pool.run(task('NaCl.cif'));
      expect(outcome).toMatchObject({
        ok: false,
        error: 'Parsing NaCl.cif exceeded the time limit of 0.001 s.',
      });
      // The stuck thread was replaced: the next task gets an answer too.
      expect((await pool.run(task('NaCl.cif'))).ok).toBe(false);
    } finally {
      await pool.close();
    }
  });
});
