import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { editV0 } from '../services/edit-v0.ts';
import { editedUploadToWire, editResultToWire } from '../services/metadata-edit-wire.ts';
import { publishUpload } from '../services/publish.ts';
import { editEntries, editUpload } from '../services/upload-edit.ts';
import { uploadToWire } from '../services/uploads-wire.ts';

/** Curating and publishing: metadata edits of uploads and entries (both APIs), and publishing. */
export const uploadEditRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'uploadEdit', async (request) => {
      const { upload, edited } = await editUpload(ctx, request.user, request.params.upload_id, request.body);
      return {
        upload_id: upload.upload_id,
        data: edited ? editedUploadToWire(upload) : uploadToWire(upload),
      };
    });

    registerOperation(api, 'entriesEdit', async (request) =>
      editResultToWire(request.body, await editEntries(ctx, request.user, request.body)),
    );

    registerOperation(api, 'entriesEditV0', async (request, reply) => {
      const { response, failed } = await editV0(ctx, request.user, request.body);
      // NOMAD answers refused actions with 400 and the annotated request; `detail` says why in short. Sent
      // as text: the serializer of the error schema would keep `detail` only.
      if (failed)
        return reply
          .status(400)
          .type('application/json')
          .send(JSON.stringify({ detail: response.message ?? 'Some actions failed.', ...response }));
      return response;
    });

    registerOperation(api, 'uploadPublish', async (request) => {
      const upload = await publishUpload(ctx, request.user, request.params.upload_id, {
        embargoLength: request.query.embargo_length,
        toCentralNomad: request.query.to_central_nomad,
      });
      return { upload_id: upload.upload_id, data: uploadToWire(upload) };
    });
  };
