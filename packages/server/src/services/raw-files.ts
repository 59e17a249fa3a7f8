import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { nonRootPath, safeRelativePath } from '../files/paths.ts';
import { decompressedRange } from '../files/decompressed-range.ts';
import { fileStream, folderSizes, listFolder, pathInfo, type FolderItem } from '../files/read.ts';
import { folderZipItems } from '../files/raw-zip.ts';
import { compressionOf, withoutCompressionSuffix } from '../processing/compression.ts';
import { type ZipItem } from '../files/raw-zip.ts';
import { zipStream } from './downloads/zip.ts';
import { receiveFile, type OpenIncomingFile } from '../files/receive.ts';
import { copyOrMoveFile } from './raw-copy.ts';
import { UploadFiles } from '../files/storage.ts';
import { queueUploadProcessing, waitForProcessing } from '../jobs/processing.ts';
import { entryHashOfFile, generateEntryId } from '../processing/ids.ts';
import { findEntryFiles, findEntryRow, type EntryRow } from '../store/entries.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { Caller } from './caller.ts';
import { currentUpload, processAgain, readUpload, writableUpload } from './uploads.ts';

/** A raw file to send: its name and its bytes (none for an empty range); `zip` when it is a made zip. */
export interface RawFileContent {
  name: string;
  stream: Readable | undefined;
  zip?: boolean;
}

export interface RawReadOptions {
  offset?: number;
  length?: number;
  /** A folder (or file) as a zip of its files, streamed. */
  compress?: boolean;
  /** A .gz, .bz2 or .xz file's content instead of its bytes; offset and length then count content. */
  decompress?: boolean;
}

/**
 * Bytes `offset` to `offset + length` of a raw file of an upload the caller may read; with `compress` a
 * zip of the file or of everything below the folder, streamed with constant memory.
 */
export const readRawFile = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  rawPath: string,
  range: RawReadOptions,
): Promise<RawFileContent> => {
  const upload = await readUpload(ctx, caller, uploadId);
  const relative = safeRelativePath(rawPath);
  const file = new UploadFiles(ctx.config.dataDir, upload.upload_id).rawPath(relative);
  const info = await pathInfo(file);
  if (!info) throw notFound('The requested file does not exist.');
  const name = relative === '' ? upload.upload_id : path.basename(relative);
  if (range.compress) {
    const items: AsyncIterable<ZipItem> = info.isFile
      ? singleItem({ path: relative, open: () => fileStream(file) })
      : folderZipItems(file, relative);
    return { name: `${name}.zip`, stream: zipStream(items, { compress: true }), zip: true };
  }
  if (!info.isFile) throw badRequest('The requested path is a directory; use rawdir to list it.');
  const offset = range.offset ?? 0;
  const length = range.length !== undefined && range.length >= 0 ? range.length : undefined;
  const compression = range.decompress ? compressionOf(relative) : undefined;
  if (compression) {
    return {
      name: withoutCompressionSuffix(name),
      stream: await decompressedRange(file, compression, offset, length),
    };
  }
  if (offset > info.size) throw badRequest('Offset is beyond the end of the file.');
  const end = length !== undefined ? Math.min(info.size, offset + length) - 1 : info.size - 1;
  return { name, stream: end < offset ? undefined : fileStream(file, { start: offset, end }) };
};

const joinRaw = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

async function* singleItem(item: ZipItem): AsyncGenerator<ZipItem> {
  yield item;
}

/** A file or folder item of a listing, with the entry whose mainfile it is (if asked for and any). */
export interface RawItem extends FolderItem {
  entry?: Pick<EntryRow, 'entry_id' | 'parser_name'>;
}

export type RawListing = { upload: UploadRow; path: string } & (
  | { file: RawItem }
  | {
      folder: {
        name: string;
        /** Bytes of the files below it (0 when the folder is too large to add up in one request). */
        size: number;
        items: RawItem[];
        total: number;
        page: number;
        pageSize: number;
      };
    }
);

/** GET rawdir: a file's metadata, or a page of a folder's items, of an upload the caller may read. */
export const listRawPath = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  rawPath: string,
  options: { page?: number; pageSize?: number; includeEntryInfo?: boolean },
): Promise<RawListing> => {
  const upload = await readUpload(ctx, caller, uploadId);
  const relative = safeRelativePath(rawPath);
  const target = new UploadFiles(ctx.config.dataDir, upload.upload_id).rawPath(relative);
  const info = await pathInfo(target);
  if (!info) throw notFound('Not found. Invalid path?');
  // Entry ids derive from upload id and mainfile: the entries of the files shown are found by key.
  const withEntries = async (items: FolderItem[], folder: string | undefined): Promise<RawItem[]> => {
    const pathOf = (item: FolderItem) => (folder === undefined ? relative : joinRaw(folder, item.name));
    const ids = items
      .filter((item) => item.isFile)
      .map((item) => generateEntryId(upload.upload_id, pathOf(item)));
    const entries = new Map((await findEntryFiles(ctx.db, ids)).map((e) => [e.mainfile, e]));
    return items.map((item) => {
      const entry = item.isFile ? entries.get(pathOf(item)) : undefined;
      return entry ? { ...item, entry: { entry_id: entry.entry_id, parser_name: entry.parser_name } } : item;
    });
  };
  const name = path.basename(relative);
  if (info.isFile) {
    const [file] = await withEntries([{ name, ...info }], undefined);
    return { upload, path: relative, file: file! };
  }
  const pageSize = options.pageSize ?? 500;
  const page = options.page ?? 1;
  const { total, items } = await listFolder(target, { offset: (page - 1) * pageSize, limit: pageSize });
  // NOMAD shows a folder's size as the sum of the files below it; a bounded walk adds them up.
  const sizes = await folderSizes(target);
  const sized = items.map((item) =>
    item.isFile ? item : { ...item, size: sizes?.children.get(item.name) ?? 0 },
  );
  const shown = options.includeEntryInfo ? await withEntries(sized, relative) : sized;
  return {
    upload,
    path: relative,
    folder: { name, size: sizes?.total ?? 0, items: shown, total, page, pageSize },
  };
};

/** Deletes a raw file or folder of an unpublished upload (writers only) and processes the upload again. */
export const deleteRawPath = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  rawPath: string,
): Promise<UploadRow> => {
  const { upload } = await writableUpload(ctx, caller, uploadId);
  const relative = nonRootPath(
    rawPath,
    'No path given: use DELETE /uploads/{upload_id} to delete the upload.',
  );
  const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
  if (!(await files.removeRaw(relative))) throw notFound('The requested path does not exist.');
  ctx.trash.wake();
  return processAgain(ctx, upload.upload_id);
};

export interface PutRawOptions {
  /** The folder to put the file into ('' for the upload's root). */
  path: string;
  fileName?: string;
  /** NOMAD's default is true; false refuses (409) to replace a file of the same name. */
  overwriteIfExists?: boolean;
  waitForProcessing?: boolean;
  /** Copy or move a file of the upload (to `path`/`fileName`) instead of receiving one. */
  copyOrMove?: 'copy' | 'move';
  copyOrMoveSourcePath?: string;
  /**
   * The entry hash of the file the client last read (an edited notebook entry); a file that changed since
   * is not replaced (409), so that one person's save does not undo another's.
   */
  entryHash?: string;
}

/** Refuses to replace `relative` when it exists with other content than `expected` hashes to. */
const checkEntryHash = async (files: UploadFiles, relative: string, expected: string) => {
  const file = files.rawPath(safeRelativePath(relative));
  if (!(await pathInfo(file))?.isFile) return;
  if ((await entryHashOfFile(file)) !== expected)
    throw new HttpError(409, 'The provided hash did not match the current file.');
};

/** What PUT raw answers: the upload and, when it waited for processing, the file's entry. */
export interface PutRawResult {
  upload: UploadRow;
  processing?: { path: string; entry?: EntryRow };
}

/**
 * Adds a file (archives: their files) to an unpublished upload (writers only), or copies or moves one of
 * its files, and processes it again.
 */
export const putRawFile = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  options: PutRawOptions,
  file: OpenIncomingFile,
): Promise<PutRawResult> => {
  const { upload } = await writableUpload(ctx, caller, uploadId);
  const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
  const targetDir = safeRelativePath(options.path);
  if (options.copyOrMove !== undefined || options.copyOrMoveSourcePath !== undefined) {
    await copyOrMoveFile(ctx.fileWork, files, targetDir, options, ctx.config.uploadFiles);
    return { upload: await processAgain(ctx, upload.upload_id) };
  }
  const { entryHash } = options;
  // The hash is checked when the body has arrived, and the file replaced in the same step: two saves of
  // one file read at the same hash cannot both win (within this process; see docs/operations.md).
  const written = await receiveFile(ctx.fileWork, file, files, targetDir, ctx.config.uploadFiles, {
    keepExisting: options.overwriteIfExists === false,
    serialize: (relative, task) => ctx.fileWrites.run(`${upload.upload_id}/${relative}`, task),
    ...(entryHash === undefined
      ? {}
      : { beforeReplace: (relative: string) => checkEntryHash(files, relative, entryHash) }),
  });
  if (!written) throw badRequest('No file was sent.');
  await queueUploadProcessing(ctx, upload.upload_id);
  let processing: PutRawResult['processing'];
  if (options.waitForProcessing) {
    await waitForProcessing(ctx, upload.upload_id);
    const mainfile = written.length === 1 ? written[0]! : undefined;
    const entry = mainfile
      ? await findEntryRow(ctx.db, generateEntryId(upload.upload_id, mainfile))
      : undefined;
    processing = { path: mainfile ?? targetDir, ...(entry ? { entry } : {}) };
  }
  return { upload: await currentUpload(ctx.db, upload.upload_id), ...(processing ? { processing } : {}) };
};
