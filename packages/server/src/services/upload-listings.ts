import type { PaginationResponse, UploadsQuery } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { badRequest, validationError } from '../errors.ts';
import { entryDocuments } from '../search/entry-documents.ts';
import { listEntriesOfUpload, type EntryRow } from '../store/entries.ts';
import { isUploadOrderKey, listUploads, type UploadRow } from '../store/uploads.ts';
import { loggedIn, type Caller } from './caller.ts';
import { readUpload } from './uploads.ts';

const pageOutOfRange = () => badRequest('Page out of range requested.');

interface PageQuery {
  page_size?: number;
  page?: number;
  page_after_value?: string;
  order_by?: string;
  order?: 'asc' | 'desc';
}

/** NOMAD's `query` echo of GET /uploads: the filters the request set (roles and paging are not filters). */
const echoedFilters = (query: UploadsQuery) => {
  const { upload_id, upload_name, is_processing, is_published, process_status, is_owned } = query;
  const filters = { upload_id, upload_name, is_processing, is_published, process_status, is_owned };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
};

/** GET /uploads: the caller's uploads (by their roles in them), filtered and paged. */
export const listUploadsOfCaller = async (
  ctx: AppContext,
  caller: Caller,
  query: UploadsQuery,
): Promise<{ rows: UploadRow[]; pagination: PaginationResponse; query: Record<string, unknown> }> => {
  const user = loggedIn(caller);
  const pageSize = query.page_size ?? 10;
  const page = query.page ?? 1;
  const orderBy = query.order_by ?? 'upload_create_time';
  const order = query.order ?? 'asc';
  if (!isUploadOrderKey(orderBy)) {
    throw validationError([
      { loc: ['query', 'order_by'], msg: 'order_by must be a valid attribute', type: 'value_error' },
    ]);
  }
  const { rows, total } = await listUploads(
    ctx.db,
    {
      userId: user.user_id,
      isPublished: query.is_published,
      isProcessing: query.is_processing,
      uploadIds: query.upload_id,
      uploadNames: query.upload_name,
      processStatus: query.process_status,
      isOwned: query.is_owned,
      roles: query.roles,
    },
    { orderBy, order, limit: pageSize, offset: (page - 1) * pageSize },
  );
  if (page > 1 && (page - 1) * pageSize >= total) throw pageOutOfRange();
  return {
    rows,
    pagination: { page_size: pageSize, order_by: orderBy, order, page, total },
    query: echoedFilters(query),
  };
};

export interface UploadEntriesPage {
  upload: UploadRow;
  rows: EntryRow[];
  /** Search documents of the page's entries, by entry id. */
  documents: Map<string, Record<string, unknown>>;
  successful: number;
  failed: number;
  pagination: PaginationResponse;
}

/** GET /uploads/{id}/entries: a page of the entries of an upload the caller may read. */
export const listUploadEntries = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  query: PageQuery,
): Promise<UploadEntriesPage> => {
  const upload = await readUpload(ctx, caller, uploadId);
  const pageSize = query.page_size ?? 10;
  const page = query.page ?? 1;
  const orderBy = query.order_by ?? 'mainfile';
  const order = query.order ?? 'asc';
  const offset =
    query.page_after_value !== undefined ? Number(query.page_after_value) || 0 : (page - 1) * pageSize;
  const result = await listEntriesOfUpload(ctx.db, upload.upload_id, {
    orderBy,
    order,
    limit: pageSize,
    offset,
  });
  if (page > 1 && offset >= result.total) throw pageOutOfRange();
  const documents = await entryDocuments(
    ctx.db,
    result.rows.map((row) => row.entry_id),
  );
  const nextOffset = offset + result.rows.length;
  return {
    upload,
    rows: result.rows,
    documents,
    successful: result.successful,
    failed: result.failed,
    pagination: {
      page_size: pageSize,
      order_by: orderBy,
      order,
      page,
      total: result.total,
      ...(nextOffset < result.total ? { next_page_after_value: String(nextOffset) } : {}),
    },
  };
};
