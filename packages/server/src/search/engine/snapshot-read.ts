import { open } from 'node:fs/promises';
import { endianness } from 'node:os';
import { pooledWithRoom, storedArray, type Scalar, type StoredWidth } from './column.ts';
import type { ColumnImage } from './column-image.ts';
import type { IndexImage, NestedImage, UploadImage } from './index-image.ts';
import type { NestedItem } from './nested.ts';
import { BlobReader, SnapshotError } from './snapshot-blobs.ts';
import {
  FIXED,
  isHeader,
  MAGIC,
  MAX_HEADER,
  SNAPSHOT_FORMAT,
  TAG,
  type SnapshotHeader,
} from './snapshot-file.ts';
import { turnTaker } from './turns.ts';

/** What the reading index expects: its columns' scopes and its nested sections, in order. */
interface IndexLayout {
  scopes: readonly ('entry' | 'upload')[];
  sections: readonly string[];
}

/** A snapshot file opened: its header, checked before the body (most of the file) is read. */
export interface OpenSnapshot {
  header: SnapshotHeader;
  /** Reads and checks the rest of the file, giving the event loop turns through `turn`. */
  readImage(layout: IndexLayout, turn?: () => Promise<void>): Promise<IndexImage>;
  close(): Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIdList = (value: unknown) =>
  value === undefined || (Array.isArray(value) && value.every((id) => typeof id === 'string'));

const isUpload = (value: unknown): value is UploadImage => {
  if (!isObject(value)) return false;
  const { upload_id, access, doc } = value;
  const accessOk =
    access === null ||
    (isObject(access) &&
      Array.isArray(access.members) &&
      typeof access.main_author === 'string' &&
      isIdList(access.writer_groups) &&
      isIdList(access.viewer_groups) &&
      (access.visible_to_all === undefined || typeof access.visible_to_all === 'boolean'));
  return typeof upload_id === 'string' && accessOk && (doc === null || isObject(doc));
};

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const isString = (value: unknown): value is string => typeof value === 'string';
const isDictionaryValue = (value: unknown): value is string | boolean =>
  typeof value === 'string' || typeof value === 'boolean';

const isWidth = (width: number): width is StoredWidth => width === 4 || width === 8;

const isItems = (value: unknown): value is NestedItem[] =>
  Array.isArray(value) && value.every((item) => isObject(item) && Object.values(item).every(isScalar));

/**
 * Numbers, and objects (uploads, nested items), checked between two checks for a turn of the event loop
 * (the turn taker decides, by the clock).
 */
const NUMBER_STEP = 1 << 14;
const OBJECT_STEP = 1 << 8;

/**
 * Whether `test` holds for each index below `length`, checked `step` at a time giving the event loop
 * turns: a million entries' checks in one go held it for 10-30 ms each.
 */
const holdsForAll = async (
  length: number,
  step: number,
  turn: () => Promise<void>,
  test: (i: number) => boolean,
) => {
  for (let from = 0; from < length; from += step) {
    for (let i = from; i < Math.min(length, from + step); i++) if (!test(i)) return false;
    await turn();
  }
  return true;
};

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
      throw new SnapshotError(
        `written in format ${format}, this server reads format ${SNAPSHOT_FORMAT} only`,
      );
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
    return {
      header,
      readImage: (layout, turn = turnTaker()) => readImage(reader, header, layout, turn),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
};

const readImage = async (
  reader: BlobReader,
  header: SnapshotHeader,
  { scopes, sections }: IndexLayout,
  turn: () => Promise<void>,
): Promise<IndexImage> => {
  const entryIds = await reader.pendingList(TAG.entryIds, isString);
  const searchable = await reader.blob(TAG.searchable, 1, (n) => new Uint8Array(n));
  const uploadOf = await reader.blob(TAG.uploadOf, 4, (n) => new Int32Array(n));
  const uploads = await reader.list(TAG.uploads);
  const rows = header.rows;
  if (entryIds.remaining !== rows || searchable.length !== rows || uploadOf.length !== rows)
    throw new SnapshotError('the entry sections disagree with the header');
  if (
    uploads.length !== header.uploads ||
    !(await holdsForAll(uploads.length, OBJECT_STEP, turn, (i) => isUpload(uploads[i])))
  )
    throw new SnapshotError('the upload section is malformed');
  const slots = uploads.length;
  if (!(await holdsForAll(rows, NUMBER_STEP, turn, (row) => uploadOf[row]! >= 0 && uploadOf[row]! < slots)))
    throw new SnapshotError('an entry refers to an unknown upload');
  const nested: NestedImage[] = [];
  for (const section of sections) {
    const at = await reader.blob(TAG.nestedRows, 4, (n) => new Int32Array(n));
    const items = await reader.list(TAG.nestedItems);
    if (
      items.length !== at.length ||
      !(await holdsForAll(items.length, OBJECT_STEP, turn, (i) => isItems(items[i])))
    )
      throw new SnapshotError(`the items of ${section} are malformed`);
    const ascending = (i: number) => at[i]! >= 0 && at[i]! < rows && (i === 0 || at[i]! > at[i - 1]!);
    if (!(await holdsForAll(at.length, NUMBER_STEP, turn, ascending)))
      throw new SnapshotError(`the items of ${section} name unknown rows`);
    // Each item was checked above (isItems).
    nested.push({ section, rows: at, items: items as NestedItem[][] });
  }
  if (header.columns !== scopes.length) throw new SnapshotError('the number of columns differs');
  const columns: ColumnImage[] = [];
  for (const scope of scopes) {
    const pending = await reader.pendingList(TAG.values, isDictionaryValue);
    const hashes = await reader.blob(TAG.hashes, 4, (n) => new Int32Array(n));
    if (hashes.length !== pending.remaining)
      throw new SnapshotError("a column's hashes disagree with its values");
    const widths = await reader.blob(TAG.widths, 1, (n) => new Uint8Array(n));
    if (widths.length !== 2 || !widths.every(isWidth))
      throw new SnapshotError("a column's element widths are malformed");
    const singleWidth = widths[0] as StoredWidth;
    const poolWidth = widths[1] as StoredWidth;
    const single = await reader.blob(TAG.single, singleWidth, (n) => storedArray(singleWidth, n));
    const counts = await reader.blob(TAG.counts, 2, (n) => new Uint16Array(n));
    const pool = await reader.blob(TAG.pool, poolWidth, (n) => pooledWithRoom(n, poolWidth));
    if (single.length > (scope === 'entry' ? rows : uploads.length))
      throw new SnapshotError('a column is longer than its rows');
    if (counts.length !== 0 && counts.length !== single.length)
      throw new SnapshotError("a column's counts disagree with its rows");
    let pooled = 0;
    for (let from = 0; from < counts.length; from += NUMBER_STEP) {
      for (let i = from; i < Math.min(counts.length, from + NUMBER_STEP); i++) pooled += counts[i]!;
      await turn();
    }
    if (pooled !== pool.length) throw new SnapshotError("a column's pool disagrees with its counts");
    columns.push({
      values: pending,
      hashes,
      single,
      counts: counts.length > 0 ? counts : undefined,
      pool,
    });
  }
  await reader.finish();
  // Each upload was checked above (isUpload).
  return { entryIds, searchable, uploadOf, uploads: uploads as UploadImage[], nested, columns };
};
