import type { FastifyPluginAsync } from 'fastify';
import type { H5groveMeta, H5groveStats } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { Hdf5Reader } from '../files/hdf5-reader.ts';
import type { Hdf5ReadResult } from '../files/hdf5-read.ts';
import { registerOperation } from '../http/register-operation.ts';
import type { Caller } from '../services/caller.ts';
import { readH5grove, type H5groveRead, type H5groveTarget } from '../services/h5grove.ts';

const targetOf = (query: { upload_id: string; file: string; path?: string }): H5groveTarget => ({
  uploadId: query.upload_id,
  file: query.file,
  path: query.path ?? '/',
});

const jsonOf = <T>(result: Hdf5ReadResult): T => {
  if (!('json' in result)) throw new Error('The HDF5 reader answered bytes where JSON was expected.');
  return result.json as T;
};

/** The h5grove API (meta, attr, data, stats, paths) over the HDF5 files of uploads, for h5web's H5GroveProvider. */
export const h5groveRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    const reader = new Hdf5Reader();
    api.addHook('onClose', async () => reader.close());
    const read = (caller: Caller, target: H5groveTarget, what: H5groveRead) =>
      readH5grove(ctx, reader, caller, target, what);

    registerOperation(api, 'h5groveMeta', async (request) =>
      jsonOf<H5groveMeta>(await read(request.user, targetOf(request.query), { op: 'meta' })),
    );

    registerOperation(api, 'h5groveAttr', async (request) => {
      const keys = request.query.attr_keys;
      const result = await read(request.user, targetOf(request.query), {
        op: 'attr',
        ...(keys ? { keys } : {}),
      });
      return jsonOf<Record<string, unknown>>(result);
    });

    registerOperation(api, 'h5groveData', async (request, reply) => {
      const { query } = request;
      const result = await read(request.user, targetOf(query), {
        op: 'data',
        format: query.format ?? 'json',
        flatten: query.flatten ?? false,
        ...(query.selection !== undefined ? { selection: query.selection } : {}),
      });
      if (!('bytes' in result)) throw new Error('The HDF5 reader answered JSON where bytes were expected.');
      const { bytes, contentType } = result;
      return reply.type(contentType).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });

    registerOperation(api, 'h5groveStats', async (request) => {
      const { selection } = request.query;
      const result = await read(request.user, targetOf(request.query), {
        op: 'stats',
        ...(selection !== undefined ? { selection } : {}),
      });
      return jsonOf<H5groveStats>(result);
    });

    registerOperation(api, 'h5grovePaths', async (request) =>
      jsonOf<string[]>(await read(request.user, targetOf(request.query), { op: 'paths' })),
    );
  };
