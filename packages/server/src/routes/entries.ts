import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ArchiveQueryRequestSchema,
  ArchiveQueryResponseSchema,
  EntriesQueryRequestSchema,
  EntriesQueryResponseSchema,
  EntryIdParamsSchema,
  EntryResponseSchema,
  ErrorBodySchema,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { HttpError, notFound } from '../errors.ts';
import { UploadFiles } from '../files/storage.ts';
import { assertCanRead } from '../store/access.ts';
import { findEntryRow } from '../store/entries.ts';
import { findUpload } from '../store/uploads.ts';
import { entryDocuments } from '../search/entry-documents.ts';
import { searchEntries } from '../search/search.ts';
import { checkArchiveRequired, projectArchive } from '../search/archive-required.ts';
import { SEARCH_BODY_LIMIT } from '../search/limits.ts';

// 503: a search past its time budget (search/engine/budget.ts).
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  503: ErrorBodySchema,
};

const entryNotFound = () => notFound('The entry with the given id does not exist or is not visible to you.');

/** The entry's row and upload if the caller may see it; invisible and missing entries look the same. */
const visibleEntry = async (ctx: AppContext, entryId: string, user: CurrentUser | undefined) => {
  const entry = await findEntryRow(ctx.db, entryId);
  if (!entry) throw entryNotFound();
  try {
    const upload = assertCanRead(await findUpload(ctx.db, entry.upload_id), user);
    return { entry, upload };
  } catch (error) {
    if (error instanceof HttpError) throw entryNotFound();
    throw error;
  }
};

export const entriesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/entries/query',
      {
        bodyLimit: SEARCH_BODY_LIMIT,
        schema: {
          tags: ['entries'],
          summary: 'Search entries',
          body: EntriesQueryRequestSchema,
          response: { 200: EntriesQueryResponseSchema, ...errors },
        },
      },
      async (request) => searchEntries(ctx.db, ctx.search, request.user, request.body),
    );

    api.get(
      '/entries/:entry_id',
      {
        schema: {
          tags: ['entries'],
          summary: 'Metadata of one entry',
          params: EntryIdParamsSchema,
          response: { 200: EntryResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { entry } = await visibleEntry(ctx, request.params.entry_id, request.user);
        const doc = (await entryDocuments(ctx.db, [entry.entry_id])).get(entry.entry_id) ?? {};
        return { entry_id: entry.entry_id, required: {}, data: doc };
      },
    );

    api.post(
      '/entries/:entry_id/archive/query',
      {
        bodyLimit: SEARCH_BODY_LIMIT,
        schema: {
          tags: ['entries'],
          summary: 'The processed archive of one entry, or the parts named in required',
          params: EntryIdParamsSchema,
          body: ArchiveQueryRequestSchema,
          response: { 200: ArchiveQueryResponseSchema, ...errors },
        },
      },
      async (request) => {
        checkArchiveRequired(request.body.required);
        const { entry } = await visibleEntry(ctx, request.params.entry_id, request.user);
        const file = new UploadFiles(ctx.config.dataDir, entry.upload_id).archivePath(entry.entry_id);
        const text = await readFile(file, 'utf8').catch(() => undefined);
        if (text === undefined) throw notFound('The entry does not have an archive (yet).');
        const archive = JSON.parse(text) as Record<string, unknown>;
        const required = request.body.required ?? '*';
        return {
          entry_id: entry.entry_id,
          required,
          data: {
            entry_id: entry.entry_id,
            upload_id: entry.upload_id,
            parser_name: entry.parser_name,
            archive: projectArchive(archive, required),
          },
        };
      },
    );
  };
