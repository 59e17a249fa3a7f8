import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import {
  CreateUploadQuerySchema,
  ErrorBodySchema,
  UploadEntriesQuerySchema,
  UploadEntriesResponseSchema,
  UploadIdParamsSchema,
  UploadResponseSchema,
  UploadsQuerySchema,
  UploadsResponseSchema,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/current-user.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { UploadFiles } from '../files/storage.ts';
import { receiveFile } from '../files/receive.ts';
import { createUploadId } from '../processing/ids.ts';
import { queueUploadProcessing } from '../jobs/processing.ts';
import { assertCanRead, assertCanWrite, uploadRoles } from '../store/access.ts';
import {
  countUnpublishedUploads,
  deleteUploadRow,
  findUpload,
  insertUpload,
  listUploads,
  uploadToWire,
} from '../store/uploads.ts';
import { entryToUploadEntry, listEntriesOfUpload } from '../store/entries.ts';
import { entryDocuments } from '../search/entry-documents.ts';
import { rawFilesRoutes } from './raw-files.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const uploadsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Upload bodies are files: keep every non-multipart body as a stream (JSON and YAML archives included).
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await api.register(multipart, { limits: { fileSize: ctx.config.uploadFiles.maxUploadBytes, files: 1 } });

    api.post(
      '/uploads',
      {
        schema: {
          tags: ['uploads'],
          summary: 'Create an upload, optionally with a file',
          querystring: CreateUploadQuerySchema,
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if ((await countUnpublishedUploads(ctx.db, user.user_id)) >= ctx.config.uploadLimit) {
          throw badRequest('Limit of unpublished uploads exceeded for user.');
        }
        const uploadId = createUploadId();
        const files = new UploadFiles(ctx.config.dataDir, uploadId);
        await files.create();
        await insertUpload(ctx.db, {
          upload_id: uploadId,
          upload_name: request.query.upload_name ?? null,
          main_author: user.user_id,
        });
        try {
          const written = await receiveFile(
            request,
            files,
            '',
            request.query.file_name,
            ctx.config.uploadFiles,
          );
          if (written) await queueUploadProcessing(ctx, uploadId);
        } catch (error) {
          // A new upload whose file could not be taken is removed again: nothing half-made stays behind.
          await deleteUploadRow(ctx.db, uploadId);
          await files.delete();
          throw error;
        }
        const row = await findUpload(ctx.db, uploadId);
        return { upload_id: uploadId, data: uploadToWire(row!) };
      },
    );

    api.get(
      '/uploads',
      {
        schema: {
          tags: ['uploads'],
          summary: "The caller's uploads",
          querystring: UploadsQuerySchema,
          response: { 200: UploadsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const q = request.query;
        const pageSize = q.page_size ?? 10;
        const page = q.page ?? 1;
        const orderBy = q.order_by ?? 'upload_create_time';
        const order = q.order ?? 'asc';
        const { rows, total } = await listUploads(
          ctx.db,
          {
            userId: user.user_id,
            isPublished: q.is_published,
            isProcessing: q.is_processing,
            uploadIds: q.upload_id,
            roles: q.roles,
          },
          { orderBy, order, limit: pageSize, offset: (page - 1) * pageSize },
        );
        if (page > 1 && (page - 1) * pageSize >= total) throw badRequest('Page out of range requested.');
        return {
          query: { ...(q.is_published !== undefined ? { is_published: q.is_published } : {}) },
          pagination: { page_size: pageSize, order_by: orderBy, order, page, total },
          data: rows.map(uploadToWire),
        };
      },
    );

    api.get(
      '/uploads/:upload_id',
      {
        schema: {
          tags: ['uploads'],
          summary: 'One upload',
          params: UploadIdParamsSchema,
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const upload = assertCanRead(await findUpload(ctx.db, request.params.upload_id), request.user);
        return { upload_id: upload.upload_id, data: uploadToWire(upload) };
      },
    );

    api.get(
      '/uploads/:upload_id/entries',
      {
        schema: {
          tags: ['uploads'],
          summary: "The upload's entries with their processing state",
          params: UploadIdParamsSchema,
          querystring: UploadEntriesQuerySchema,
          response: { 200: UploadEntriesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const upload = assertCanRead(await findUpload(ctx.db, request.params.upload_id), request.user);
        const q = request.query;
        const pageSize = q.page_size ?? 10;
        const page = q.page ?? 1;
        const orderBy = q.order_by ?? 'mainfile';
        const order = q.order ?? 'asc';
        const offset =
          q.page_after_value !== undefined ? Number(q.page_after_value) || 0 : (page - 1) * pageSize;
        const result = await listEntriesOfUpload(ctx.db, upload.upload_id, {
          orderBy,
          order,
          limit: pageSize,
          offset,
        });
        if (page > 1 && offset >= result.total) throw badRequest('Page out of range requested.');
        const docs = await entryDocuments(
          ctx.db,
          result.rows.map((row) => row.entry_id),
        );
        const nextOffset = offset + result.rows.length;
        return {
          pagination: {
            page_size: pageSize,
            order_by: orderBy,
            order,
            page,
            total: result.total,
            ...(nextOffset < result.total ? { next_page_after_value: String(nextOffset) } : {}),
          },
          processing_successful: result.successful,
          processing_failed: result.failed,
          upload: uploadToWire(upload),
          data: result.rows.map((row) => entryToUploadEntry(row, docs.get(row.entry_id))),
        };
      },
    );

    api.delete(
      '/uploads/:upload_id',
      {
        schema: {
          tags: ['uploads'],
          summary: 'Delete an unpublished upload',
          params: UploadIdParamsSchema,
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const upload = assertCanWrite(await findUpload(ctx.db, request.params.upload_id), user);
        if (!uploadRoles(upload, user).isMainAuthor && !user.is_admin) {
          throw unauthorized('Only the main author may delete an upload.');
        }
        await deleteUploadRow(ctx.db, upload.upload_id);
        await new UploadFiles(ctx.config.dataDir, upload.upload_id).delete();
        return {
          upload_id: upload.upload_id,
          data: {
            ...uploadToWire(upload),
            current_process: 'delete_upload',
            process_status: 'SUCCESS',
            process_running: false,
          },
        };
      },
    );

    api.post(
      '/uploads/:upload_id/action/process',
      {
        schema: {
          tags: ['uploads'],
          summary: 'Reprocess an unpublished upload',
          params: UploadIdParamsSchema,
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const upload = assertCanWrite(
          await findUpload(ctx.db, request.params.upload_id),
          requireUser(request),
        );
        await queueUploadProcessing(ctx, upload.upload_id);
        const row = await findUpload(ctx.db, upload.upload_id);
        return { upload_id: upload.upload_id, data: uploadToWire(row!) };
      },
    );

    await api.register(rawFilesRoutes(ctx));
  };
