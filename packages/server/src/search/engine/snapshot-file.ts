/** The snapshot file's name, header and layout of sections (snapshot-write.ts, snapshot-read.ts). */

/** The snapshot's name in the data directory. */
export const SEARCH_SNAPSHOT_FILE = 'search-index.snapshot';
/** Raised when what is stored changes meaning (not only layout, which the fingerprint covers). */
export const SNAPSHOT_FORMAT = 3;
export const MAGIC = Buffer.from('OASISIDX');
/** Magic, format, header length; then the header as JSON, then the sections (snapshot-blobs.ts). */
export const FIXED = MAGIC.length + 8;
export const MAX_HEADER = 1 << 16;
/** Sections in file order: entries, uploads, nested items per section, then six per column. */
export const TAG = {
  entryIds: 1,
  searchable: 2,
  uploadOf: 3,
  uploads: 4,
  values: 5,
  single: 6,
  counts: 7,
  pool: 8,
  nestedRows: 9,
  nestedItems: 10,
  /** The dictionary values' hashes (list-index.ts hashScalar), so that a load hashes nothing. */
  hashes: 11,
  /** A column's bytes per stored number, of `single` and of `pool` (4: Float32 dictionary codes). Format 3. */
  widths: 12,
};

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

export const isHeader = (value: unknown): value is SnapshotHeader => {
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
