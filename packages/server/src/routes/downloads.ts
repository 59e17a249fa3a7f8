import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EntryIdParamsSchema, ErrorBodySchema, OwnerSchema } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { archiveZipItems, visibleArchiveFile } from '../search/download-archive.ts';
import { downloadEntries } from '../search/download-entries.ts';
import { rawZipItems } from '../search/download-raw.ts';
import { parseDownloadRequest } from '../search/download-request.ts';
import { zipStream } from '../search/download-zip.ts';
import { attachmentHeaders } from '../files/raw-response-headers.ts';

const errors = {
  200: Type.Unknown({ description: 'The file, streamed' }),
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
};

/** owner, json_query and NOMAD's file parameters; any other parameter is a quantity, as for GET /entries. */
const DownloadQuerySchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    json_query: Type.Optional(Type.String()),
    compress: Type.Optional(Type.Boolean()),
    glob_pattern: Type.Optional(Type.String()),
    include_files: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: true },
);

const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply.headers(attachmentHeaders(filename, type));

/** The downloads the search page links to (spec 2 §7): zips of raw files or archives, one archive. */
export const downloadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const zipOf =
      (kind: 'raw' | 'archive') =>
      async (params: Record<string, unknown>, reply: FastifyReply, user: CurrentUser | undefined) => {
        const request = parseDownloadRequest(params);
        const entries = await downloadEntries(ctx.db, ctx.search, user, request);
        const items =
          kind === 'raw'
            ? rawZipItems(ctx.config.dataDir, entries, request.pathFilter)
            : archiveZipItems(ctx.config.dataDir, entries);
        attachment(reply, 'application/zip', kind === 'raw' ? 'raw_files.zip' : 'archives.zip');
        return reply.send(zipStream(items, { compress: request.compress }));
      };
    const raw = zipOf('raw');
    const archives = zipOf('archive');

    api.get(
      '/entries/raw',
      {
        schema: {
          tags: ['entries'],
          summary: 'Search entries and download their raw files (zip with manifest.json)',
          querystring: DownloadQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => raw(request.query as Record<string, unknown>, reply, request.user),
    );

    api.get(
      '/entries/archive/download',
      {
        schema: {
          tags: ['entries'],
          summary: 'Search entries and download their archives (zip with manifest.json)',
          querystring: DownloadQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => archives(request.query as Record<string, unknown>, reply, request.user),
    );

    api.get(
      '/entries/:entry_id/archive/download',
      {
        schema: {
          tags: ['entries'],
          summary: 'The archive of one entry as a JSON file',
          params: EntryIdParamsSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const { entry_id: entryId } = request.params;
        const file = await visibleArchiveFile(ctx.db, ctx.config.dataDir, entryId, request.user);
        attachment(reply, 'application/json', `${entryId}.json`);
        return reply.send(createReadStream(file));
      },
    );
  };
