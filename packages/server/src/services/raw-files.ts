import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { nonRootPath, safeRelativePath } from '../files/paths.ts';
import { fileStream, listFolder, pathInfo, type FolderItem } from '../files/read.ts';
import { receiveFile, type OpenIncomingFile } from '../files/receive.ts';
import { copyOrMoveFile } from './raw-copy.ts';
import { UploadFiles } from '../files/storage.ts';
import { queueUploadProcessing, waitForProcessing } from '../jobs/processing.ts';
import { generateEntryId } from '../processing/ids.ts';
import { findEntryRow, listUploadEntryFiles, type EntryRow } from '../store/entries.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { Caller } from './caller.ts';
import { currentUpload, processAgain, readUpload, writableUpload } from './uploads.ts';

/** A raw file to send: its name and its bytes (none for an empty range). */
export interface RawFileContent {
  name: string;
  stream: Readable | undefined;
}

/** Bytes `offset` to `offset + length` of a raw file of an upload the caller may read. */
export const readRawFile = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  rawPath: string,
  range: { offset?: number; length?: number },
): Promise<RawFileContent> => {
  const upload = await readUpload(ctx, caller, uploadId);
  const relative = safeRelativePath(rawPath);
  const file = new UploadFiles(ctx.config.dataDir, upload.upload_id).rawPath(relative);
  const info = await pathInfo(file);
  if (!info) throw notFound('The requested file does not exist.');
  if (!info.isFile) throw badRequest('The requested path is a directory; use rawdir to list it.');
  const offset = range.offset ?? 0;
  const length = range.length !== undefined && range.length >= 0 ? range.length : undefined;
  if (offset > info.size) throw badRequest('Offset is beyond the end of the file.');
  const end = length !== undefined ? Math.min(info.size, offset + length) - 1 : info.size - 1;
  const name = path.basename(relative);
  return { name, stream: end < offset ? undefined : fileStream(file, { start: offset, end }) };
};

/** A file or folder item of a listing, with the entry whose mainfile it is (if asked for and any). */
export interface RawItem extends FolderItem {
  entry?: Pick<EntryRow, 'entry_id' | 'parser_name'>;
}

export type RawListing = { upload: UploadRow; path: string } & (
  | { file: RawItem }
  | { folder: { name: string; items: RawItem[]; total: number; page: number; pageSize: number } }
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
  const mainfiles = new Map(
    (await listUploadEntryFiles(ctx.db, upload.upload_id)).map((e) => [e.mainfile, e]),
  );
  const withEntry = (item: FolderItem, rel: string): RawItem => {
    const entry = item.isFile ? mainfiles.get(rel) : undefined;
    return entry ? { ...item, entry: { entry_id: entry.entry_id, parser_name: entry.parser_name } } : item;
  };
  const name = path.basename(relative);
  if (info.isFile) return { upload, path: relative, file: withEntry({ name, ...info }, relative) };
  const pageSize = options.pageSize ?? 500;
  const page = options.page ?? 1;
  const { total, items } = await listFolder(target, { offset: (page - 1) * pageSize, limit: pageSize });
  const shown = items.map((item) =>
    options.includeEntryInfo ? withEntry(item, relative ? `${relative}/${item.name}` : item.name) : item,
  );
  return { upload, path: relative, folder: { name, items: shown, total, page, pageSize } };
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
}

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
    await copyOrMoveFile(files, targetDir, options, ctx.config.uploadFiles);
    return { upload: await processAgain(ctx, upload.upload_id) };
  }
  const written = await receiveFile(file, files, targetDir, ctx.config.uploadFiles, {
    keepExisting: options.overwriteIfExists === false,
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
