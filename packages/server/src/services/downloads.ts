import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { fileStream } from '../files/read.ts';
import { archiveZipItems, visibleArchiveFile } from './downloads/archive.ts';
import { downloadEntries } from './downloads/entries.ts';
import { rawZipItems } from './downloads/raw.ts';
import { parseDownloadRequest } from './downloads/request.ts';
import { zipStream } from './downloads/zip.ts';
import type { Caller } from './caller.ts';

/** A file to send as an attachment. */
export interface Download {
  filename: string;
  contentType: string;
  stream: Readable;
}

/**
 * The zips the search page links to (spec 2 §7): the raw files or the archives of the entries the query
 * matches among those the caller may see (search/ decides which; too many is a 400).
 */
export const downloadZip = async (
  ctx: AppContext,
  caller: Caller,
  kind: 'raw' | 'archive',
  params: Record<string, unknown>,
): Promise<Download> => {
  const request = parseDownloadRequest(params);
  const entries = await downloadEntries(ctx.db, ctx.search, caller, request);
  const items =
    kind === 'raw'
      ? rawZipItems(ctx.config.dataDir, entries, request.pathFilter)
      : archiveZipItems(ctx.config.dataDir, entries);
  return {
    filename: kind === 'raw' ? 'raw_files.zip' : 'archives.zip',
    contentType: 'application/zip',
    stream: zipStream(items, { compress: request.compress }),
  };
};

/** The stored archive of one entry the caller may see, as a JSON file. */
export const downloadEntryArchive = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
): Promise<Download> => {
  const file = await visibleArchiveFile(ctx.db, ctx.config.dataDir, entryId, caller);
  return { filename: `${entryId}.json`, contentType: 'application/json', stream: fileStream(file) };
};
