import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { listUploadEntries, listUploadsOfCaller } from '../services/upload-listings.ts';
import { createUpload, deleteUpload, readUpload, reprocessUpload } from '../services/uploads.ts';
import { deletedUploadToWire, entryToUploadEntry, uploadToWire } from '../services/uploads-wire.ts';
import { rawFilesRoutes } from './raw-files.ts';
import { requestFile } from './request-file.ts';

export const uploadsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;
    // Upload bodies are files: keep every non-multipart body as a stream (JSON and YAML archives included).
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await api.register(multipart, { limits: { fileSize: ctx.config.uploadFiles.maxUploadBytes, files: 1 } });

    registerOperation(api, 'uploadCreate', async (request) => {
      const { query } = request;
      const upload = await createUpload(ctx, request.user, {
        uploadName: query.upload_name,
        file: requestFile(request, query.file_name),
        exampleUploadId: query.example_upload_id,
        ...(query.token !== undefined
          ? { uploadToken: { token: query.token, keyStore: api.oasisAuth.keyStore } }
          : {}),
      });
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    registerOperation(api, 'uploadsList', async (request) => {
      const { rows, pagination, query } = await listUploadsOfCaller(ctx, request.user, request.query);
      return { query, pagination, data: rows.map(uploadToWire) };
    });

    registerOperation(api, 'uploadById', async (request) => {
      const upload = await readUpload(ctx, request.user, request.params.upload_id);
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    registerOperation(api, 'uploadEntries', async (request) => {
      const page = await listUploadEntries(ctx, request.user, request.params.upload_id, request.query);
      return {
        pagination: page.pagination,
        processing_successful: page.successful,
        processing_failed: page.failed,
        upload: uploadToWire(page.upload),
        data: page.rows.map((row) => entryToUploadEntry(row, page.documents.get(row.entry_id))),
      };
    });

    registerOperation(api, 'uploadDelete', async (request) => {
      const upload = await deleteUpload(ctx, request.user, request.params.upload_id);
      return { upload_id: upload.upload_id, data: deletedUploadToWire(upload) };
    });

    registerOperation(api, 'uploadProcess', async (request) => {
      const upload = await reprocessUpload(ctx, request.user, request.params.upload_id);
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    await api.register(rawFilesRoutes(ctx));
  };
