import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import type { SeedUpload } from './seed-generate.ts';
import { FIRST_NAMES, LAST_NAMES } from './seed-tables.ts';
import type { Columns } from '../db/rows.ts';

/** A UUID-shaped id derived from a name, so seeded users get the same ids in every database. */
const nameUuid = (name: string): string => {
  const hex = createHash('md5').update(`oasis-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** Creates the seed user (main author of all seeded uploads) and `poolSize` co-author users if missing. */
export const ensureSeedUsers = async (
  db: Queryable,
  poolSize: number,
): Promise<{ owner: string; pool: string[] }> => {
  const users = [
    { username: 'seed', first: 'Seed', last: 'Data' },
    ...Array.from({ length: poolSize }, (_, i) => ({
      username: `seed-author-${String(i + 1).padStart(3, '0')}`,
      first: FIRST_NAMES[i % FIRST_NAMES.length] ?? '',
      last: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? '',
    })),
  ];
  await db.query(
    `INSERT INTO users (user_id, username, first_name, last_name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (username) DO NOTHING`,
    [
      users.map((u) => nameUuid(u.username)),
      users.map((u) => u.username),
      users.map((u) => u.first),
      users.map((u) => u.last),
    ],
  );
  const { rows } = await db.query<Columns<'users', 'user_id' | 'username'>>(
    'SELECT user_id, username FROM users WHERE username = ANY($1)',
    [users.map((u) => u.username)],
  );
  const ids = new Map(rows.map((r) => [r.username, r.user_id]));
  const owner = ids.get('seed');
  if (!owner) throw new Error('the seed user could not be created');
  return {
    owner,
    pool: users
      .slice(1)
      .map((u) => ids.get(u.username) ?? '')
      .filter(Boolean),
  };
};

const CHUNK = 500;

/** Writes one seeded upload and its entries in one transaction, entries as multi-row inserts from arrays. */
export const insertSeedUpload = async (db: Database, owner: string, upload: SeedUpload): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO uploads (upload_id, upload_name, main_author, coauthors, upload_create_time, published,
         publish_time, process_status, current_process, last_status_message, complete_time)
       VALUES ($1, $2, $3, $4, $5, true, $6, 'SUCCESS', 'process_upload',
         'Process process_upload completed successfully', $5)`,
      [
        upload.upload_id,
        upload.upload_name,
        owner,
        upload.coauthors,
        upload.upload_create_time,
        upload.publish_time,
      ],
    );
    for (let start = 0; start < upload.entries.length; start += CHUNK) {
      const chunk = upload.entries.slice(start, start + CHUNK);
      await tx.query(
        `INSERT INTO entries (entry_id, upload_id, mainfile, parser_name, process_status, entry_create_time,
           complete_time, metadata)
         SELECT id, $1, mainfile, parser, 'SUCCESS', created, created, meta::jsonb
         FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[])
           AS t(id, mainfile, parser, created, meta)`,
        [
          upload.upload_id,
          chunk.map((e) => e.entry_id),
          chunk.map((e) => e.mainfile),
          chunk.map((e) => e.parser_name),
          chunk.map((e) => e.entry_create_time.toISOString()),
          chunk.map((e) => JSON.stringify(e.metadata)),
        ],
      );
    }
  });
};
