import type { Queryable } from '../../db/database.ts';
import { layoutFingerprint, restoreIndex } from './index-image.ts';
import type { SearchIndex } from './search-index.ts';
import { turnTaker } from './turns.ts';
import { openSnapshot, type OpenSnapshot } from './snapshot-read.ts';

export type LoadOutcome =
  | { loaded: true; token: string; change: bigint; floor: bigint }
  /** `token` (when the header was readable) names a search_snapshots row that is no longer needed. */
  | { loaded: false; reason: string; token?: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Fills the empty index from the snapshot file when it belongs to this database in its current state:
 * the database must hold the snapshot's token (written in the same database when the snapshot was taken,
 * so another database or one restored from an older backup lacks it) and its change sequence must not be
 * behind the snapshot's. Otherwise says why, and the index stays empty for a build from the database.
 */
export const loadSnapshot = async (db: Queryable, index: SearchIndex, file: string): Promise<LoadOutcome> => {
  let snapshot: OpenSnapshot;
  try {
    snapshot = await openSnapshot(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { loaded: false, reason: missing ? 'there is no snapshot file yet' : describe(error) };
  }
  const { header } = snapshot;
  const reject = (reason: string): LoadOutcome => ({ loaded: false, reason, token: header.token });
  try {
    if (header.fingerprint !== layoutFingerprint(index))
      return reject('it was written for other search quantities');
    const { rows } = await db.query<{ head: string; known: boolean }>(
      `SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM search_change_seq)::text AS head,
         EXISTS (SELECT 1 FROM search_snapshots WHERE token = $1) AS known`,
      [header.token],
    );
    const state = rows[0];
    if (!state?.known)
      return reject(
        'this database has no record of it: another database, or one restored from an older backup',
      );
    if (BigInt(header.change) > BigInt(state.head))
      return reject(`it reflects change ${header.change}, the database is back at ${state.head}`);
    const image = await snapshot.readImage({
      scopes: [...index.quantities.values()].map((q) => q.scope),
      sections: [...index.nestedItems.keys()],
    });
    await restoreIndex(index, image, turnTaker());
    return { loaded: true, token: header.token, change: BigInt(header.change), floor: BigInt(header.floor) };
  } catch (error) {
    return reject(describe(error));
  } finally {
    await snapshot.close();
  }
};
