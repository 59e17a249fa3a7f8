import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { attachmentHeaders } from '../files/raw-response-headers.ts';
import { registerOperation } from '../http/register-operation.ts';
import { exportBundle } from '../services/bundle-export.ts';
import { importBundle } from '../services/bundle-import.ts';
import { uploadToWire } from '../services/uploads-wire.ts';
import { requestFile } from './request-file.ts';

/** Upload bundles between installations (docs/publishing-to-another-nomad.md): export and import. */
export const uploadBundleRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    // The import's body is the bundle itself, streamed to disk by the service (as POST /uploads does).
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await api.register(multipart, { limits: { fileSize: ctx.config.uploadFiles.maxUploadBytes, files: 1 } });

    registerOperation(api, 'uploadBundleExport', async (request, reply) => {
      const download = await exportBundle(ctx, request.user, request.params.upload_id, request.query);
      return reply.headers(attachmentHeaders(download.filename, download.contentType)).send(download.stream);
    });

    registerOperation(api, 'uploadBundleImport', async (request) => {
      const upload = await importBundle(ctx, request.user, requestFile(request, undefined), {
        embargoLength: request.query.embargo_length,
      });
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });
  };
