import { parseArgs } from 'node:util';
import { CliError, UsageError, type CliCommand } from './command.ts';
import { withDatabase } from './database.ts';
import { generateUpload, Random } from './seed-generate.ts';
import { writeSeedFiles } from './seed-files.ts';
import { ensureSeedUsers, insertSeedUpload } from './seed-insert.ts';

const usage = `Usage:
  oasis seed --entries N [--seed S] [--without-files]
Fills the database with N synthetic published DFT entries in uploads of 100-1000 entries, owned by the
user 'seed', each with a small mainfile and an archive in the data directory. The same --seed (default 1)
gives the same entries. --without-files leaves the files out (search benchmarks: a million entries'
files take about 12 GB).`;

/** Seeded uploads are spread over these eight years; fixed, so a seed always gives the same documents. */
const PERIOD = { start: new Date('2018-01-01T00:00:00Z'), end: new Date('2026-01-01T00:00:00Z') };
const AUTHOR_POOL = 200;

const positiveInt = (value: string | undefined, name: string, fallback?: number): number => {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${name} must be a non-negative integer, got ${value}.`);
  return n;
};

export const seedCommand: CliCommand = {
  name: 'seed',
  summary: 'fill the database with synthetic published entries (benchmarks, demos)',
  usage,
  async run(args, ctx) {
    let values: { entries?: string; seed?: string; 'without-files'?: boolean };
    try {
      values = parseArgs({
        args,
        strict: true,
        allowPositionals: false,
        options: {
          entries: { type: 'string' },
          seed: { type: 'string' },
          'without-files': { type: 'boolean' },
        },
      }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.entries === undefined) throw new UsageError('--entries is required.');
    const total = positiveInt(values.entries, '--entries');
    const seed = positiveInt(values.seed, '--seed', 1);
    const started = Date.now();
    const config = ctx.config();
    const dataDir = config.dataDir;
    const count = await withDatabase(config, async (db) => {
      const { owner, pool } = await ensureSeedUsers(db, AUTHOR_POOL);
      const random = new Random(seed);
      let written = 0;
      let lastReport = Date.now();
      // One upload's files are written while the next one is inserted: disk and database work at once.
      // The write settles to its error, if any, so that a failure meanwhile is no unhandled rejection.
      let writing: Promise<unknown> = Promise.resolve(undefined);
      const filesWritten = async () => {
        const failure = await writing;
        if (failure) throw failure;
      };
      for (let index = 0; written < total; index++) {
        const size = Math.min(random.int(100, 1000), total - written);
        const upload = generateUpload(random, { size, ...PERIOD, authorPool: pool, index });
        try {
          await insertSeedUpload(db, owner, upload);
        } catch (error) {
          await filesWritten();
          // The same seed draws the same upload ids: a second run with it collides with the first.
          if ((error as { code?: unknown }).code === '23505')
            throw new CliError(
              `This database already holds entries seeded with --seed ${seed}; choose another --seed to add more.`,
            );
          throw error;
        }
        await filesWritten();
        if (!values['without-files'])
          writing = writeSeedFiles(dataDir, upload).then(
            () => undefined,
            (error: unknown) => error ?? new Error('writing seeded files failed'),
          );
        written += size;
        if (Date.now() - lastReport > 5000 || written === total) {
          lastReport = Date.now();
          const seconds = (Date.now() - started) / 1000;
          ctx.io.out(`${written}/${total} entries (${Math.round(written / seconds)} entries/s)`);
        }
      }
      await filesWritten();
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.main_author = $1`,
        [owner],
      );
      return rows[0]?.n ?? 0;
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    ctx.io.out(`Seeded ${total} entries in ${seconds} s; the seed user now owns ${count} entries.`);
    return 0;
  },
};
