import path from 'node:path';
import { UsageError } from '../command.ts';
import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The layout of a backup file (a tar, gzipped when its name ends in .gz or .tgz), in this order:
 *   backup.json                      the header: what restore must know before the first row
 *   db/<table>/<page>.jsonl          every table, foreign-key order, one row (row_to_json) per line
 *   files/<upload>/<raw|archive>/... every upload's files and folders (folders end in '/')
 *   manifest.json                    the header again with row counts, file counts and a digest of all the above
 * The manifest comes last because the counts are only known then; restore verifies it before it commits.
 */
export const BACKUP_FORMAT = 'oasis-backup';
/** Raised when the layout changes in a way older restores cannot read. */
export const BACKUP_VERSION = 1;
export const HEADER_ENTRY = 'backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLES_PREFIX = 'db/';
export const FILES_PREFIX = 'files/';
/** The folders of an upload a backup holds (files/storage.ts); its `tmp` folder holds only unfinished writes. */
export const UPLOAD_AREAS = ['raw', 'archive'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

export const tablePageEntry = (table: string, page: number): string =>
  `${TABLES_PREFIX}${table}/${String(page).padStart(6, '0')}.jsonl`;

/** An upload's file, or folder (ending in '/'; the area itself when `relative` is ''). */
export const uploadEntry = (
  uploadId: string,
  area: UploadArea,
  relative: string,
  directory: boolean,
): string => {
  const name = `${FILES_PREFIX}${uploadId}/${area}${relative ? `/${relative}` : ''}`;
  return directory ? `${name}/` : name;
};

const HeaderSchema = Type.Object({
  format: Type.Literal(BACKUP_FORMAT),
  version: Type.Integer(),
  created: Type.String(),
  database: Type.String(),
  /** schema_migrations of the backed-up database, sorted. */
  migrations: Type.Array(Type.String()),
  /** Every table, in the order its rows follow (a table after those its foreign keys reference). */
  tables: Type.Array(Type.String()),
  /** Every sequence's state when the backup began (restore continues after it). */
  sequences: Type.Record(Type.String(), Type.Object({ value: Type.String(), called: Type.Boolean() })),
});
export type BackupHeader = Static<typeof HeaderSchema>;

const ManifestSchema = Type.Composite([
  HeaderSchema,
  Type.Object({
    rows: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
    uploads: Type.Integer({ minimum: 0 }),
    files: Type.Object({
      count: Type.Integer({ minimum: 0 }),
      bytes: Type.Integer({ minimum: 0 }),
      directories: Type.Integer({ minimum: 0 }),
    }),
    /** sha256 over every entry before the manifest (entryDigest). */
    digest: Type.String(),
  }),
]);
export type BackupManifest = Static<typeof ManifestSchema>;

const parseJson = <T>(text: string, check: (value: unknown) => value is T, what: string): T => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`its ${what} is not valid JSON`);
  }
  if (!check(value)) throw new Error(`its ${what} lacks fields this version needs`);
  return value;
};

/** The header, or an Error saying why it is unusable (restore adds the file name). */
export const parseHeader = (text: string): BackupHeader => {
  const header = parseJson(text, (value) => Value.Check(HeaderSchema, value), HEADER_ENTRY);
  if (header.version > BACKUP_VERSION)
    throw new Error(
      `it has format version ${header.version}, newer than this oasis reads (${BACKUP_VERSION}); update the software`,
    );
  return header;
};

export const parseManifest = (text: string): BackupManifest =>
  parseJson(text, (value) => Value.Check(ManifestSchema, value), MANIFEST_ENTRY);

/**
 * A digest over the entries of a backup in order (name, kind, size, content), written into the manifest
 * and recomputed by restore: a damaged plain tar (no gzip checksum) is caught before anything is committed.
 */
export class EntryDigest {
  private readonly hash: Hash = createHash('sha256');

  entry(name: string, type: string, size: number): void {
    this.hash.update(`${name}\0${type}\0${size}\n`);
  }

  data(chunk: Buffer): void {
    this.hash.update(chunk);
  }

  /** Passes data through, adding it to the digest (and telling `onChunk`). */
  tap(onChunk?: (chunk: Buffer) => void): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.hash.update(chunk);
        onChunk?.(chunk);
        callback(null, chunk);
      },
    });
  }

  /** The digest so far (the hash itself goes on). */
  value(): string {
    return `sha256:${this.hash.copy().digest('hex')}`;
  }
}

/** The one `<file>` argument of backup and restore, as an absolute path. */
export const backupFileArgument = (args: readonly string[]): string => {
  if (args.length !== 1 || args[0]!.startsWith('-'))
    throw new UsageError(args.length === 0 ? 'Missing <file>.' : `Unexpected arguments: ${args.join(' ')}`);
  return path.resolve(args[0]!);
};

/** What a backup or restore took: rows summed over tables, and seconds since `started`. */
export const tookSummary = (rows: Record<string, number>, started: number) => ({
  rows: Object.values(rows).reduce((sum, n) => sum + n, 0),
  seconds: ((Date.now() - started) / 1000).toFixed(1),
});
