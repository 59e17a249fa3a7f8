import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naclCif } from '../testing/structures.ts';
import { ParsePool } from './parse-pool.ts';

/** `{"data":{"values":[0,0,...]}}` of about `megabytes` MB, written in pieces. */
const writeZerosArchive = async (file: string, megabytes: number) => {
  const piece = '0,'.repeat(512 * 1024);
  async function* chunks() {
    yield '{"data":{"values":[';
    for (let i = 0; i < megabytes; i++) yield piece;
    yield '0]}}';
  }
  await pipeline(chunks(), createWriteStream(file));
};

describe('ParsePool', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oasis-pool-'));
    await writeFile(join(dir, 'NaCl.cif'), naclCif);
    await writeZerosArchive(join(dir, 'big.archive.json'), 40);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const task = (relativePath: string, parserName = 'parsers/cif') => ({
    absolutePath: join(dir, relativePath),
    relativePath,
    uploadId: 'u1',
    entryId: 'e1',
    parserName,
  });

  it('parses in parser processes, two at a time on this machine', async () => {
    const pool = new ParsePool({ size: 2 });
    try {
      const outcomes = await Promise.all([pool.run(task('NaCl.cif')), pool.run(task('NaCl.cif'))]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      expect(pool.size).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('ends a parse that exceeds the time limit with a clear error, and keeps serving', async () => {
    const pool = new ParsePool({ size: 1, timeoutMs: 1 });
    try {
      const outcome = await pool.run(task('NaCl.cif'));
      expect(outcome).toMatchObject({
        ok: false,
        error: 'the parser exceeded its time limit of 0.001 s on NaCl.cif',
      });
      // The stuck process was replaced: the next task gets an answer too.
      expect((await pool.run(task('NaCl.cif'))).ok).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('fails only the entry whose parser ran out of memory, and replaces the process', async () => {
    const pool = new ParsePool({ size: 1, memoryLimitBytes: 384 * 1024 ** 2 });
    try {
      const [big, sibling] = await Promise.all([
        pool.run(task('big.archive.json', 'parsers/archive')),
        pool.run(task('NaCl.cif')),
      ]);
      expect(big).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^the parser ran out of memory \(limit 384 MB\) on big\.archive\.json/),
      });
      expect(sibling.ok).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('refuses a file over the configured size limit before reading it', async () => {
    const pool = new ParsePool({ size: 1, maxMainfileBytes: 1024 ** 2 });
    try {
      const outcome = await pool.run(task('big.archive.json', 'parsers/archive'));
      expect(outcome).toMatchObject({
        ok: false,
        error: 'big.archive.json is too large to parse: 40 MB, over the limit of 1 MB for parsers/archive',
      });
    } finally {
      await pool.close();
    }
  });
});
