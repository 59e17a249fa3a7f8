import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { sendSearchPage } from '../http/json-slices.ts';
import { HEAVY_PAGE_ROWS } from '../admission/heavy-work.ts';
import { searchUntilClosed } from '../search/request-abort.ts';
import { SEARCH_BODY_LIMIT } from '../search/limits.ts';
import { queryArchives, readEntryArchive, readEntryMetadata, readEntryRawDir } from '../services/entries.ts';
import { readEntryDefinitions } from '../services/entry-definitions.ts';
import { queryEntries } from '../services/search.ts';

/**
 * A page of archives is written an archive at a time, with a turn of the event loop between them: one
 * archive can be megabytes, and a page of them in one piece would hold every other request up.
 */
const ARCHIVES_IN_ONE_PIECE = 1;

export const entriesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(
      api,
      'entriesQuery',
      async (request, reply) =>
        sendSearchPage(
          reply,
          await searchUntilClosed(request, reply, (signal) =>
            queryEntries(ctx, request.user, request.body, signal),
          ),
          HEAVY_PAGE_ROWS,
        ),
      { bodyLimit: SEARCH_BODY_LIMIT },
    );

    registerOperation(
      api,
      'entriesArchiveQuery',
      async (request, reply) =>
        sendSearchPage(
          reply,
          await searchUntilClosed(request, reply, (signal) =>
            queryArchives(ctx, request.user, request.body, signal),
          ),
          ARCHIVES_IN_ONE_PIECE,
        ),
      { bodyLimit: SEARCH_BODY_LIMIT },
    );

    registerOperation(api, 'entryArchive', async (request) => {
      const { entry, archive } = await readEntryArchive(ctx, request.user, request.params.entry_id, '*');
      const data = {
        entry_id: entry.entry_id,
        upload_id: entry.upload_id,
        parser_name: entry.parser_name,
        archive,
      };
      return { entry_id: entry.entry_id, required: '*', data };
    });

    registerOperation(api, 'entryDefinitions', async (request) =>
      readEntryDefinitions(ctx, request.user, request.params.entry_id),
    );

    registerOperation(api, 'entryRawDir', async (request) =>
      readEntryRawDir(ctx, request.user, request.params.entry_id, request.query),
    );

    registerOperation(api, 'entryById', async (request) => {
      const { entry, metadata } = await readEntryMetadata(ctx, request.user, request.params.entry_id);
      return { entry_id: entry.entry_id, required: {}, data: metadata };
    });

    registerOperation(
      api,
      'entryArchiveQuery',
      async (request) => {
        const required = request.body.required ?? '*';
        const { entry, archive } = await readEntryArchive(
          ctx,
          request.user,
          request.params.entry_id,
          required,
        );
        return {
          entry_id: entry.entry_id,
          required,
          data: {
            entry_id: entry.entry_id,
            upload_id: entry.upload_id,
            parser_name: entry.parser_name,
            archive,
          },
        };
      },
      { bodyLimit: SEARCH_BODY_LIMIT },
    );
  };
