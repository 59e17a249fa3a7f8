import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerDcatOperation } from '../http/register-operation.ts';
import { searchUntilClosed } from '../search/request-abort.ts';
import { dcatCatalog, dcatDataset, type RdfAnswer } from '../services/dcat.ts';

/** The DCAT catalogue at `<base>/dcat`: RDF documents of the published entries, readable from any site. */
export const dcatRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    const send = (answer: RdfAnswer | FastifyReply, reply: FastifyReply) => {
      // The client left: the search was stopped and nothing is sent.
      if (answer === reply) return reply;
      const { contentType, body } = answer as RdfAnswer;
      return reply.type(`${contentType}; charset=utf-8`).send(body);
    };

    registerDcatOperation(app, 'dcatDataset', async (request, reply) => {
      const answer = await searchUntilClosed(request, reply, (signal) =>
        dcatDataset(
          ctx,
          request.params.entry_id,
          { format: request.query.format, accept: request.headers.accept },
          signal,
        ),
      );
      return send(answer, reply);
    });

    registerDcatOperation(app, 'dcatCatalog', async (request, reply) => {
      const answer = await searchUntilClosed(request, reply, (signal) =>
        dcatCatalog(ctx, request.query, request.headers.accept, signal),
      );
      return send(answer, reply);
    });
  };
