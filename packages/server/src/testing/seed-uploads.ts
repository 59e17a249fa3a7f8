import type { Database } from '../db/database.ts';
import { generateUpload, Random } from '../cli/seed-generate.ts';
import { ensureSeedUsers, insertSeedUpload } from '../cli/seed-insert.ts';

/**
 * Inserts `uploads` synthetic published uploads of `entriesPerUpload` entries each, created between `from`
 * and 2024, by seed users (as `npm run oasis -- seed` does): search suites get a varied, reproducible index.
 */
export const seedUploads = async (
  db: Database,
  options: { seed: number; uploads: number; entriesPerUpload: number; from: string; authors?: number },
): Promise<void> => {
  const { owner, pool } = await ensureSeedUsers(db, options.authors ?? 5);
  const random = new Random(options.seed);
  const period = { start: new Date(options.from), end: new Date('2024-01-01T00:00:00Z') };
  for (let index = 0; index < options.uploads; index++)
    await insertSeedUpload(
      db,
      owner,
      generateUpload(random, { size: options.entriesPerUpload, ...period, authorPool: pool, index }),
    );
};
