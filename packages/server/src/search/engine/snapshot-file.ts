import { randomUUID } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { endianness } from 'node:os';
import type { Scalar } from './column.ts';
import { compactColumn, type ColumnImage } from './column-image.ts';
import { compactRows, type IndexCapture, type IndexImage, type UploadImage } from './index-image.ts';
import { BlobReader, BlobWriter, SnapshotError } from './snapshot-blobs.ts';

/** The snapshot's name in the data directory. */
export const SEARCH_SNAPSHOT_FILE = 'search-index.snapshot';
/** Raised when what is stored changes meaning (not only layout, which the fingerprint covers). */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = Buffer.from('OASISIDX');
const FIXED = MAGIC.length + 8;
const MAX_HEADER = 1 << 16;
const TAG = { entryIds: 1, searchable: 2, uploadOf: 3, uploads: 4, values: 5, single: 6, counts: 7, pool: 8 };

export interface SnapshotHeader {
  /** sha256 of the column layout (index-image.ts layoutFingerprint). */
  fingerprint: string;
  /** Names the search_snapshots row written with it: the database it reflects, in that state or later. */
  token: string;
  /** The last change number (search_change_seq) the index had read. */
  change: string;
  /** A change number below every one that may still commit later (PostgreSQL gaps): syncs resume here. */
  floor: string;
  /** Typed arrays are written as they are in memory. */
  endian: 'LE' | 'BE';
  rows: number;
  uploads: number;
  columns: number;
  written: string;
}

/** Writes the snapshot beside `file` and renames it over, so a reader sees the old file or the new whole. */
export const writeSnapshotFile = async (
  file: string,
  about: Pick<SnapshotHeader, 'fingerprint' | 'token' | 'change' | 'floor'>,
  capture: IndexCapture,
) => {
  const header: SnapshotHeader = {
    ...about,
    endian: endianness(),
    rows: capture.live.length,
    uploads: capture.uploads.length,
    columns: capture.columns.length,
    written: new Date().toISOString(),
  };
  const temp = `${file}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
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
    const rows = compactRows(capture);
    await out.list(TAG.entryIds, rows.entryIds);
    await out.blob(TAG.searchable, rows.searchable);
    await out.blob(TAG.uploadOf, rows.uploadOf);
    await out.list(TAG.uploads, capture.uploads);
    for (const { parts, scope } of capture.columns) {
      // One column at a time between writes, so searches get the event loop in between.
      const column = compactColumn(parts, scope === 'entry' ? capture.live : undefined);
      await out.list(TAG.values, column.values ?? []);
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

const isHeader = (value: unknown): value is SnapshotHeader => {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  const strings = ['fingerprint', 'token', 'change', 'floor', 'endian', 'written'];
  return (
    strings.every((key) => typeof h[key] === 'string') &&
    ['rows', 'uploads', 'columns'].every((key) => Number.isSafeInteger(h[key])) &&
    /^\d+$/.test(String(h.change)) &&
    /^\d+$/.test(String(h.floor))
  );
};

const isUpload = (value: unknown): value is UploadImage => {
  if (typeof value !== 'object' || value === null) return false;
  const { upload_id, access, doc } = value as Record<string, unknown>;
  const accessOk =
    access === null ||
    (typeof access === 'object' &&
      Array.isArray((access as Record<string, unknown>).members) &&
      typeof (access as Record<string, unknown>).main_author === 'string');
  return typeof upload_id === 'string' && accessOk && typeof doc === 'object';
};

const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'boolean';

/** A snapshot file opened: its header, checked before the body (most of the file) is read. */
export interface OpenSnapshot {
  header: SnapshotHeader;
  /** Reads and checks the rest; `scopes` are the index's columns (entry rows or upload slots). */
  readImage(scopes: readonly ('entry' | 'upload')[]): Promise<IndexImage>;
  close(): Promise<void>;
}

export const openSnapshot = async (file: string): Promise<OpenSnapshot> => {
  const handle = await open(file, 'r');
  try {
    const reader = new BlobReader(handle, (await handle.stat()).size);
    const fixed = Buffer.alloc(FIXED);
    await reader.raw(fixed);
    if (!fixed.subarray(0, MAGIC.length).equals(MAGIC))
      throw new SnapshotError('not a search index snapshot');
    const format = fixed.readUInt32LE(MAGIC.length);
    if (format !== SNAPSHOT_FORMAT)
      throw new SnapshotError(`format ${format}, this server reads ${SNAPSHOT_FORMAT}`);
    const headLength = fixed.readUInt32LE(MAGIC.length + 4);
    if (headLength > MAX_HEADER) throw new SnapshotError('the header is too long');
    const head = Buffer.alloc(headLength);
    await reader.raw(head);
    let header: unknown;
    try {
      header = JSON.parse(head.toString('utf8'));
    } catch {
      throw new SnapshotError('the header is not valid JSON');
    }
    if (!isHeader(header)) throw new SnapshotError('the header is incomplete');
    if (header.endian !== endianness()) throw new SnapshotError(`written on a ${header.endian} machine`);
    return { header, readImage: (scopes) => readImage(reader, header, scopes), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
};

const readImage = async (
  reader: BlobReader,
  header: SnapshotHeader,
  scopes: readonly ('entry' | 'upload')[],
): Promise<IndexImage> => {
  const entryIds = await reader.list(TAG.entryIds);
  const searchable = await reader.blob(TAG.searchable, 1, (n) => new Uint8Array(n));
  const uploadOf = await reader.blob(TAG.uploadOf, 4, (n) => new Int32Array(n));
  const uploads = await reader.list(TAG.uploads);
  const rows = header.rows;
  if (entryIds.length !== rows || searchable.length !== rows || uploadOf.length !== rows)
    throw new SnapshotError('the entry sections disagree with the header');
  if (!entryIds.every((id) => typeof id === 'string')) throw new SnapshotError('an entry id is not a string');
  if (uploads.length !== header.uploads || !uploads.every(isUpload))
    throw new SnapshotError('the upload section is malformed');
  if (uploadOf.some((slot) => slot < 0 || slot >= uploads.length))
    throw new SnapshotError('an entry refers to an unknown upload');
  if (header.columns !== scopes.length) throw new SnapshotError('the number of columns differs');
  const columns: ColumnImage[] = [];
  for (const scope of scopes) {
    const values = await reader.list(TAG.values);
    const single = await reader.blob(TAG.single, 8, (n) => new Float64Array(n));
    const counts = await reader.blob(TAG.counts, 2, (n) => new Uint16Array(n));
    const pool = await reader.blob(TAG.pool, 8, (n) => new Float64Array(n));
    if (!values.every(isScalar)) throw new SnapshotError('a dictionary holds a value of another type');
    if (single.length > (scope === 'entry' ? rows : uploads.length))
      throw new SnapshotError('a column is longer than its rows');
    if (counts.length !== 0 && counts.length !== single.length)
      throw new SnapshotError("a column's counts disagree with its rows");
    if (counts.reduce((sum, n) => sum + n, 0) !== pool.length)
      throw new SnapshotError("a column's pool disagrees with its counts");
    columns.push({ values, single, counts: counts.length > 0 ? counts : undefined, pool });
  }
  await reader.finish();
  return { entryIds: entryIds as string[], searchable, uploadOf, uploads, columns };
};
