import type { CurrentUser } from '../../auth/current-user.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../errors.ts';
import type { DownloadRequest } from './request.ts';
import type { SearchEngine } from '../../search/engine/engine.ts';
import { searchScope } from '../../search/search.ts';

/** Entries per download: keeps one zip (and the list held while it streams) bounded. */
const MAX_ENTRY_DOWNLOAD = 10_000;

const LOOKUP_BATCH = 1000;

export interface DownloadEntry {
  entry_id: string;
  upload_id: string;
  mainfile: string;
  parser_name: string;
}

/**
 * The entries a download covers: those the query matches among what the owner value admits for the caller
 * (searchScope enforces access and answers 401 for owner values that need a login), ordered by upload and
 * mainfile so an upload's files are read together. More than `max` matches is refused with 400.
 */
export const downloadEntries = async (
  db: Queryable,
  engine: SearchEngine,
  user: CurrentUser | undefined,
  request: Pick<DownloadRequest, 'owner' | 'node'>,
  max: number = MAX_ENTRY_DOWNLOAD,
): Promise<DownloadEntry[]> => {
  const scope = await searchScope(engine, user, request.owner, request.node);
  const total = scope.matching.length;
  if (total > max)
    throw badRequest(
      `The limit of maximum number of entries in a single download (${max}) has been exceeded (${total}).`,
    );
  const ids = Array.from(scope.matching, (row) => scope.index.entryIds.at(row));
  const entries: DownloadEntry[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const { rows } = await db.query<DownloadEntry>(
      'SELECT entry_id, upload_id, mainfile, parser_name FROM entries WHERE entry_id = ANY($1)',
      [ids.slice(start, start + LOOKUP_BATCH)],
    );
    entries.push(...rows);
  }
  return entries.sort(
    (a, b) =>
      (a.upload_id < b.upload_id ? -1 : a.upload_id > b.upload_id ? 1 : 0) ||
      (a.mainfile < b.mainfile ? -1 : a.mainfile > b.mainfile ? 1 : 0),
  );
};
