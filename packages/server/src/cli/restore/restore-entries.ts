import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/database.ts';
import { formatBytes } from '../../files/sizes.ts';
import { quoteIdent, type TableInfo } from '../backup/catalog.ts';
import {
  EntryDigest,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  HEADER_ENTRY,
  parseHeader,
  parseManifest,
  TABLES_PREFIX,
  UPLOAD_AREAS,
  type BackupHeader,
  type BackupManifest,
  type UploadArea,
} from '../backup/format.ts';
import type { BackupEntry } from './archive-reader.ts';
import { DamagedBackupError } from './damaged.ts';
import type { StagedUploads } from './staged-files.ts';

/** Tables whose rows a restore leaves out: search snapshots name files of the old data directory. */
const NOT_RESTORED = new Set(['search_snapshots']);
/** A page of rows is a few MB; anything far larger is no entry a backup writes. */
const MAX_PAGE_BYTES = 256 * 1024 * 1024;

export interface RestoredCounts {
  rows: Record<string, number>;
  files: { count: number; bytes: number; directories: number };
}

/** Reads an entry whole (a page of rows, the manifest), adding it to the digest. */
const readBody = async (entry: BackupEntry, digest: EntryDigest): Promise<Buffer> => {
  const size = entry.header.size ?? 0;
  if (size > MAX_PAGE_BYTES)
    throw new DamagedBackupError(
      `the entry ${entry.header.name} is ${formatBytes(size)}, larger than any a backup writes`,
    );
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  digest.data(data);
  return data;
};

/** `parse` of a JSON entry; its complaints are about the backup. */
const parsed = <T>(parse: (text: string) => T, data: Buffer): T => {
  try {
    return parse(data.toString('utf8'));
  } catch (error) {
    throw new DamagedBackupError((error as Error).message);
  }
};

/** The first entry, the header, added to `digest` as the backup added it. */
export const readHeader = async (
  entries: AsyncIterator<BackupEntry>,
  digest: EntryDigest,
): Promise<BackupHeader> => {
  const first = await entries.next();
  if (first.done || first.value.header.name !== HEADER_ENTRY)
    throw new DamagedBackupError(`it does not begin with ${HEADER_ENTRY}: no oasis backup`);
  const { name, type = 'file', size = 0 } = first.value.header;
  digest.entry(name, type, size);
  return parsed(parseHeader, await readBody(first.value, digest));
};

/** Inserts a page of rows as they were dumped: PostgreSQL turns the JSON back into the row's types. */
const insertPage = async (tx: Queryable, table: string, lines: string[]): Promise<void> => {
  const name = quoteIdent(table);
  // OVERRIDING SYSTEM VALUE: identity columns take the backup's values (sequences are reset afterwards).
  await tx.query(
    `INSERT INTO ${name} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb)`,
    [`[${lines.join(',')}]`],
  );
};

const SAFE_ID = /^(?!\.{1,2}$)[^/\\\0]+$/;

/** `files/<upload>/<area>/<path>` split up; a folder's name ends in '/'. */
const parseFileEntry = (name: string) => {
  const [uploadId = '', area = '', ...rest] = name.slice(FILES_PREFIX.length).split('/');
  if (!SAFE_ID.test(uploadId) || !UPLOAD_AREAS.includes(area as UploadArea))
    throw new DamagedBackupError(`the entry ${name} names no upload folder`);
  return { uploadId, area: area as UploadArea, relative: rest.join('/').replace(/\/+$/, '') };
};

/**
 * Restores the entries after the header, in order: pages of rows into their tables (which must come in
 * the header's foreign-key order), upload files into the staging folder, and finally the manifest, which
 * must match everything read (digest, row and file counts). Returns the counts.
 */
export const restoreEntries = async (
  tx: Queryable,
  entries: AsyncIterator<BackupEntry>,
  options: { header: BackupHeader; tables: TableInfo[]; staged: StagedUploads; digest: EntryDigest },
): Promise<{ counts: RestoredCounts; manifest: BackupManifest }> => {
  const { header, staged, digest } = options;
  const counts: RestoredCounts = {
    rows: Object.fromEntries(header.tables.map((table) => [table, 0])),
    files: { count: 0, bytes: 0, directories: 0 },
  };
  let tableIndex = 0;
  let checkedUpload: string | undefined;
  const assertUpload = async (uploadId: string) => {
    if (uploadId === checkedUpload) return;
    const { rows } = await tx.query('SELECT 1 FROM uploads WHERE upload_id = $1', [uploadId]);
    if (rows.length === 0)
      throw new DamagedBackupError(`it holds files of the upload ${uploadId}, which its uploads table lacks`);
    checkedUpload = uploadId;
  };
  for (;;) {
    const next = await entries.next();
    if (next.done)
      throw new DamagedBackupError(`it ends before its ${MANIFEST_ENTRY} (the file is truncated)`);
    const entry = next.value;
    const { name, type = 'file', size = 0 } = entry.header;
    if (name === MANIFEST_ENTRY) {
      const expected = digest.value();
      const manifest = parsed(parseManifest, await readBody(entry, new EntryDigest()));
      if ((await entries.next()).done !== true)
        throw new DamagedBackupError(`it has entries after its ${MANIFEST_ENTRY}`);
      verifyManifest(manifest, header, counts, expected);
      return { counts, manifest };
    }
    digest.entry(name, type, size);
    if (name.startsWith(TABLES_PREFIX)) {
      const table = name.slice(TABLES_PREFIX.length).split('/')[0]!;
      const index = header.tables.indexOf(table, tableIndex);
      if (index < 0)
        throw new DamagedBackupError(
          `its rows of the table ${table} are out of order or of no table it lists`,
        );
      tableIndex = index;
      const lines = (await readBody(entry, digest)).toString('utf8').split('\n').filter(Boolean);
      counts.rows[table]! += lines.length;
      try {
        if (!NOT_RESTORED.has(table) && lines.length > 0) await insertPage(tx, table, lines);
      } catch (error) {
        throw new DamagedBackupError(
          `its rows of the table ${table} (${name}) do not go in: ${(error as Error).message}`,
        );
      }
    } else if (name.startsWith(FILES_PREFIX)) {
      const { uploadId, area, relative } = parseFileEntry(name);
      await assertUpload(uploadId);
      if (type === 'directory') {
        await staged.directory(uploadId, area, relative);
        entry.resume();
        counts.files.directories++;
      } else if (type === 'file' && relative) {
        await staged.file(
          uploadId,
          area,
          relative,
          entry as unknown as Readable,
          digest.tap(),
          entry.header.mtime,
        );
        counts.files.count++;
        counts.files.bytes += size;
      } else {
        throw new DamagedBackupError(`the entry ${name} is neither a file nor a folder`);
      }
    } else {
      throw new DamagedBackupError(`it holds the entry ${name}, which no backup writes`);
    }
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const verifyManifest = (
  manifest: BackupManifest,
  header: BackupHeader,
  counts: RestoredCounts,
  digest: string,
): void => {
  if (!same(manifest.migrations, header.migrations) || !same(manifest.tables, header.tables))
    throw new DamagedBackupError(`its ${MANIFEST_ENTRY} and backup.json disagree`);
  for (const table of header.tables) {
    if (manifest.rows[table] !== counts.rows[table])
      throw new DamagedBackupError(
        `the table ${table} has ${counts.rows[table]} rows, the manifest says ${manifest.rows[table]}`,
      );
  }
  const files = manifest.files;
  if (
    files.count !== counts.files.count ||
    files.bytes !== counts.files.bytes ||
    files.directories !== counts.files.directories
  )
    throw new DamagedBackupError(
      `it holds ${counts.files.count} files (${counts.files.bytes} bytes) in ${counts.files.directories} folders, ` +
        `the manifest says ${files.count} (${files.bytes} bytes) in ${files.directories}`,
    );
  if (manifest.digest !== digest)
    throw new DamagedBackupError('its content does not match the digest of its manifest (damaged)');
};
