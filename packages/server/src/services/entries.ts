import { stat } from 'node:fs/promises';
import type { ArchivesQueryRequest, ArchivesQueryResponse, EntryRawDirResponse } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../errors.ts';
import { folderFiles, folderOf } from '../files/folder-files.ts';
import { readJsonFile } from '../files/read.ts';
import { UploadFiles } from '../files/storage.ts';
import { checkArchiveRequired, projectArchiveWithReferences } from '../search/archive-required.ts';
import { entryDocuments } from '../search/entry-documents.ts';
import { searchEntries } from '../search/search.ts';
import { findEntryRow, type EntryRow } from '../store/entries.ts';
import { findUpload } from '../store/uploads.ts';
import { assertCanRead } from '../auth/access.ts';
import { resolveExternalReferences } from './archive-references.ts';
import type { Caller } from './caller.ts';

const entryNotFound = () => notFound('The entry with the given id does not exist or is not visible to you.');

/** The entry's row if the caller may see its upload; invisible and missing entries look the same. */
export const visibleEntry = async (ctx: AppContext, caller: Caller, entryId: string): Promise<EntryRow> => {
  const entry = await findEntryRow(ctx.db, entryId);
  if (!entry) throw entryNotFound();
  try {
    assertCanRead(await findUpload(ctx.db, entry.upload_id), caller);
    return entry;
  } catch (error) {
    if (error instanceof HttpError) throw entryNotFound();
    throw error;
  }
};

/** GET entries/{id}: the search document (metadata) of an entry the caller may see. */
export const readEntryMetadata = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
): Promise<{ entry: EntryRow; metadata: Record<string, unknown> }> => {
  const entry = await visibleEntry(ctx, caller, entryId);
  const metadata = (await entryDocuments(ctx.db, [entry.entry_id])).get(entry.entry_id) ?? {};
  return { entry, metadata };
};

/** The parts of an archive `required` names, references into other archives resolved as the caller may. */
const projectResolved = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  archive: Record<string, unknown>,
  required: unknown,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> => {
  const projected = projectArchiveWithReferences(archive, required);
  await resolveExternalReferences(ctx, caller, uploadId, projected.archive, projected.external, signal);
  return projected.archive;
};

/** POST entries/{id}/archive/query: the parts of an entry's archive that `required` names. */
export const readEntryArchive = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
  required: unknown,
): Promise<{ entry: EntryRow; archive: Record<string, unknown> }> => {
  checkArchiveRequired(required);
  const entry = await visibleEntry(ctx, caller, entryId);
  const file = new UploadFiles(ctx.config.dataDir, entry.upload_id).archivePath(entry.entry_id);
  const archive = await readJsonFile<Record<string, unknown>>(file);
  if (archive === undefined) throw notFound('The entry does not have an archive (yet).');
  return { entry, archive: await projectResolved(ctx, caller, entry.upload_id, archive, required) };
};

/**
 * POST entries/archive/query: a page of the entries a search finds (by entry id unless asked otherwise,
 * as NOMAD), each with the parts of its archive that `required` names. Entries without an archive yet
 * (still processing) come with an empty one.
 */
export const queryArchives = async (
  ctx: AppContext,
  caller: Caller,
  request: ArchivesQueryRequest,
  signal?: AbortSignal,
): Promise<ArchivesQueryResponse> => {
  const required = request.required ?? '*';
  checkArchiveRequired(required);
  const found = await searchEntries(
    ctx.db,
    ctx.search,
    caller,
    {
      owner: request.owner,
      query: request.query,
      pagination: { order_by: 'entry_id', order: 'asc', page_size: 10, ...request.pagination },
      required: { include: ['entry_id', 'upload_id', 'parser_name'] },
    },
    signal,
  );
  const data: ArchivesQueryResponse['data'] = [];
  for (const entry of found.data) {
    signal?.throwIfAborted();
    const { entry_id, upload_id, parser_name } = entry as {
      entry_id: string;
      upload_id: string;
      parser_name?: string;
    };
    const archive = await readJsonFile<Record<string, unknown>>(
      new UploadFiles(ctx.config.dataDir, upload_id).archivePath(entry_id),
    );
    data.push({
      entry_id,
      upload_id,
      parser_name,
      archive: archive ? await projectResolved(ctx, caller, upload_id, archive, required, signal) : {},
    });
  }
  return { owner: found.owner, query: found.query, pagination: found.pagination, required, data };
};

/** GET entries/{id}/rawdir: a page of the entry's files (its mainfile's folder, not sub-folders) with sizes. */
export const readEntryRawDir = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
  { page = 1, page_size: pageSize = 500 }: { page?: number; page_size?: number },
): Promise<EntryRawDirResponse> => {
  const entry = await visibleEntry(ctx, caller, entryId);
  const files = new UploadFiles(ctx.config.dataDir, entry.upload_id);
  const folder = folderOf(entry.mainfile);
  // rawPath refuses anything that would leave the upload's raw folder.
  const paths = await folderFiles(files.rawPath(folder), folder);
  const shown = paths.slice((page - 1) * pageSize, page * pageSize);
  const sizes = await Promise.all(shown.map(async (relative) => (await stat(files.rawPath(relative))).size));
  return {
    entry_id: entry.entry_id,
    data: {
      upload_id: entry.upload_id,
      entry_id: entry.entry_id,
      mainfile: entry.mainfile,
      files: shown.map((relative, i) => ({ path: relative, size: sizes[i]! })),
    },
    pagination: { page, page_size: pageSize, total: paths.length },
  };
};
