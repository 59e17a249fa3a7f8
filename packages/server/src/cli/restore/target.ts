import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/database.ts';
import { CliError } from '../command.ts';

/** Whether anything other than (empty) folders lies below `dir`. */
export const holdsFiles = async (dir: string): Promise<boolean> => {
  const dirents = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const dirent of dirents) {
    if (!dirent.isDirectory()) return true;
    if (await holdsFiles(path.join(dir, dirent.name))) return true;
  }
  return false;
};

const rowsOf = async (db: Queryable, table: 'users' | 'uploads'): Promise<number> => {
  const { rows } = await db.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    table,
  ]);
  if (!rows[0]?.exists) return 0;
  const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return counted[0]?.n ?? 0;
};

/**
 * Restore fills an installation that holds nothing of its own yet: no users, no uploads, no upload
 * files. What a first start leaves (signing keys, the schema) is replaced by the backup's.
 */
export const assertEmptyInstallation = async (db: Queryable, dataDir: string): Promise<void> => {
  const fresh =
    'Restore into a new data directory (OASIS_DATA_DIR) and, with OASIS_DATABASE_URL, a new empty database.';
  const users = await rowsOf(db, 'users');
  const uploads = await rowsOf(db, 'uploads');
  if (users > 0 || uploads > 0)
    throw new CliError(
      `restore needs an empty installation: the database holds ${users} users and ${uploads} uploads. ${fresh}`,
    );
  const uploadsDir = path.join(dataDir, 'uploads');
  if (await holdsFiles(uploadsDir))
    throw new CliError(`restore needs an empty installation: ${uploadsDir} holds upload files. ${fresh}`);
};
