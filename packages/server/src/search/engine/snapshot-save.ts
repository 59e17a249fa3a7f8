import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { captureRows, layoutFingerprint } from './index-image.ts';
import type { SearchIndex } from './search-index.ts';
import { writeSnapshotFile } from './snapshot-write.ts';
import type { IndexSync } from './sync.ts';

export interface Saved {
  token: string;
  /** index.revision when the entries were captured: later changes are for the next snapshot. */
  revision: number;
  entries: number;
  change: bigint;
  bytes: number;
  /** How long syncs (and searches) waited while the entries were captured. */
  heldMs: number;
}

/**
 * Writes a snapshot of the index unless its revision is still `unchangedSince`. The database records the
 * file's token before the file is renamed into place, and forgets `replaces` (the file's previous token)
 * after: a file is only ever used with a database that recorded it (see snapshot-load.ts).
 */
export const saveSnapshot = async (
  db: Queryable,
  index: SearchIndex,
  sync: IndexSync,
  file: string,
  { unchangedSince, replaces, signal }: { unchangedSince: number; replaces?: string; signal?: AbortSignal },
): Promise<Saved | undefined> => {
  const taken = await sync.capture((position) => {
    if (index.revision === unchangedSince) return undefined;
    const started = performance.now();
    const capture = captureRows(index);
    return { position, revision: index.revision, capture, heldMs: performance.now() - started };
  });
  if (!taken) return undefined;
  const { position, capture } = taken;
  const token = randomUUID();
  await db.query('INSERT INTO search_snapshots (token, change) VALUES ($1, $2::bigint)', [
    token,
    String(position.change),
  ]);
  let bytes: number;
  try {
    const about = {
      fingerprint: layoutFingerprint(index),
      token,
      change: String(position.change),
      floor: String(position.floor),
    };
    bytes = await writeSnapshotFile(file, about, capture, index, signal);
  } catch (error) {
    await db.query('DELETE FROM search_snapshots WHERE token = $1', [token]).catch(() => undefined);
    throw error;
  }
  if (replaces !== undefined)
    await db.query('DELETE FROM search_snapshots WHERE token = $1', [replaces]).catch(() => undefined);
  return {
    token,
    revision: taken.revision,
    entries: capture.live.length,
    change: position.change,
    bytes,
    heldMs: taken.heldMs,
  };
};
