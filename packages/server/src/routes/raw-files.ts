import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { attachmentHeaders, rawFileHeaders } from '../files/raw-response-headers.ts';
import { deleteRawPath, listRawPath, putRawFile, readRawFile } from '../services/raw-files.ts';
import { putRawResultToWire, rawListingToWire } from '../services/raw-files-wire.ts';
import { uploadToWire } from '../services/uploads-wire.ts';
import { requestFile } from './request-file.ts';

export const rawFilesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(api, 'uploadRawFile', async (request, reply) => {
      const { upload_id: uploadId, path } = request.params;
      const { offset, length, ignore_mime_type: ignoreMimeType, compress, decompress } = request.query;
      const content = await readRawFile(ctx, request.user, uploadId, path, {
        offset,
        length,
        compress,
        decompress,
      });
      reply.headers(
        content.zip
          ? attachmentHeaders(content.name, 'application/zip')
          : rawFileHeaders(content.name, { ignoreMimeType }),
      );
      return reply.send(content.stream ?? '');
    });

    registerOperation(api, 'uploadRawDir', async (request) => {
      const { upload_id: uploadId, path } = request.params;
      const listing = await listRawPath(ctx, request.user, uploadId, path, {
        page: request.query.page,
        pageSize: request.query.page_size,
        includeEntryInfo: request.query.include_entry_info,
      });
      return rawListingToWire(listing);
    });

    registerOperation(api, 'uploadRawDelete', async (request) => {
      const upload = await deleteRawPath(ctx, request.user, request.params.upload_id, request.params.path);
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    registerOperation(api, 'uploadRawPut', async (request) => {
      const { query } = request;
      const result = await putRawFile(
        ctx,
        request.user,
        request.params.upload_id,
        {
          path: request.params.path,
          fileName: query.file_name,
          overwriteIfExists: query.overwrite_if_exists,
          waitForProcessing: query.wait_for_processing,
          copyOrMove: query.copy_or_move,
          copyOrMoveSourcePath: query.copy_or_move_source_path,
          entryHash: query.entry_hash,
        },
        requestFile(request, query.file_name),
      );
      return putRawResultToWire(result);
    });
  };
