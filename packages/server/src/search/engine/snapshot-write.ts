import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { widthOf } from './column.ts';
import { ColumnScratch, compactColumn } from './column-image.ts';
import { compactRows, type IndexCapture } from './index-image.ts';
import type { SearchIndex } from './search-index.ts';
import { turnTaker } from './turns.ts';
import { BlobWriter } from './snapshot-blobs.ts';
import { FIXED, MAGIC, SNAPSHOT_FORMAT, TAG, type SnapshotHeader } from './snapshot-file.ts';

const TEMP = '.tmp';
/** A temporary file this old was left by a process that ended while writing (another may be writing one now). */
const STALE_MS = 60 * 60_000;

/**
 * Writes the snapshot beside `file` and renames it over, so a reader sees the old file or the new whole.
 * The entries (which rows, their uploads, nested items) are the capture's, taken at the header's sync
 * position; each column is read when its turn comes, so syncs in between may have reached some columns and
 * not others. A load re-reads every change after `floor` (below every change applied since the capture),
 * and an entry or upload read again replaces all its values, so the index ends up as the database is.
 */
export const writeSnapshotFile = async (
  file: string,
  about: Pick<SnapshotHeader, 'fingerprint' | 'token' | 'change' | 'floor'>,
  capture: IndexCapture,
  index: SearchIndex,
  /** Stops the write between columns (a server shutting down); the file stays as it was. */
  signal?: AbortSignal,
): Promise<number> => {
  const header: SnapshotHeader = {
    ...about,
    endian: endianness(),
    rows: capture.live.length,
    uploads: capture.uploads.length,
    columns: index.quantities.size,
    written: new Date().toISOString(),
  };
  const temp = `${file}.${process.pid}-${randomUUID().slice(0, 8)}${TEMP}`;
  // With PostgreSQL nothing else may have created the data directory yet.
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(temp, 'w');
  try {
    const out = new BlobWriter(handle);
    const head = Buffer.from(JSON.stringify(header));
    const fixed = Buffer.alloc(FIXED);
    MAGIC.copy(fixed);
    fixed.writeUInt32LE(SNAPSHOT_FORMAT, MAGIC.length);
    fixed.writeUInt32LE(head.length, MAGIC.length + 4);
    await out.raw(fixed);
    await out.raw(head);
    const rows = await compactRows(capture, turnTaker());
    await out.texts(TAG.entryIds, rows.entryIds);
    await out.blob(TAG.searchable, rows.searchable);
    await out.blob(TAG.uploadOf, rows.uploadOf);
    await out.list(TAG.uploads, capture.uploads);
    for (const { rows: at, items } of rows.nested) {
      await out.blob(TAG.nestedRows, at);
      await out.list(TAG.nestedItems, items);
    }
    const scratch = new ColumnScratch();
    const turn = turnTaker();
    for (const { column: live, scope } of index.quantities.values()) {
      // One column at a time, copied as it is now: syncs run in between (see above).
      signal?.throwIfAborted();
      const entries = scope === 'entry';
      const column = await compactColumn(
        live.copy(entries ? capture.rows : capture.slots),
        entries ? capture.live : undefined,
        scratch,
        turn,
      );
      await out.texts(TAG.values, column.values ?? { count: 0, texts: [] });
      await out.blob(TAG.hashes, column.hashes ?? new Int32Array(0));
      await out.blob(TAG.widths, Uint8Array.of(widthOf(column.single), widthOf(column.pool)));
      await out.blob(TAG.single, column.single);
      await out.blob(TAG.counts, column.counts ?? new Uint16Array(0));
      await out.blob(TAG.pool, column.pool);
    }
    await out.finish();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  return (await stat(file)).size;
};

/** Removes what writes cut short by a crash left behind. */
export const removeStaleTemps = async (file: string): Promise<void> => {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  for (const name of await readdir(dir).catch(() => [])) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMP)) continue;
    const at = path.join(dir, name);
    const { mtimeMs } = await stat(at);
    if (Date.now() - mtimeMs > STALE_MS) await rm(at, { force: true });
  }
};
