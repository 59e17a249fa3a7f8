import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { commandExamples, createUploadFolder, deleteEntryFiles } from '../services/upload-files.ts';
import { uploadToWire } from '../services/uploads-wire.ts';

/**
 * Folders, entry files and shell upload commands. Kept apart from the uploads module, which takes every
 * body as a file stream: these bodies are JSON.
 */
export const uploadFilesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(api, 'uploadRawCreateDir', async (request) => {
      const { upload_id: uploadId, path } = request.params;
      const upload = await createUploadFolder(ctx, request.user, uploadId, path);
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    registerOperation(api, 'uploadDeleteEntryFiles', async (request) => {
      const upload = await deleteEntryFiles(ctx, request.user, request.params.upload_id, request.body);
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });

    registerOperation(api, 'uploadCommandExamples', async (request) =>
      commandExamples(ctx, api.oasisAuth.keyStore, request.user),
    );
  };
