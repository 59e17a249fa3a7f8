import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { attachmentHeaders } from '../files/raw-response-headers.ts';
import { downloadEntryArchive, downloadZip, type Download } from '../services/downloads.ts';

const sendAttachment = (reply: FastifyReply, download: Download) =>
  reply.headers(attachmentHeaders(download.filename, download.contentType)).send(download.stream);

/** The downloads the search page links to (spec 2 §7): zips of raw files or archives, one archive. */
export const downloadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin;

    registerOperation(api, 'entriesRawDownload', async (request, reply) =>
      sendAttachment(
        reply,
        await downloadZip(ctx, request.user, 'raw', request.query as Record<string, unknown>),
      ),
    );

    registerOperation(api, 'entriesArchiveDownload', async (request, reply) =>
      sendAttachment(
        reply,
        await downloadZip(ctx, request.user, 'archive', request.query as Record<string, unknown>),
      ),
    );

    registerOperation(api, 'entryArchiveDownload', async (request, reply) =>
      sendAttachment(reply, await downloadEntryArchive(ctx, request.user, request.params.entry_id)),
    );
  };
