import type { FastifyReply, FastifyRequest } from 'fastify';
import { SearchAborted } from './engine/budget.ts';

/**
 * Runs a route's search with a signal that aborts when the client closes the connection before the answer
 * is sent: the search stops at its next budget check, the stop is logged at debug level, and nothing is
 * sent (the socket is gone). Other errors go to the error handler as before.
 */
export const searchUntilClosed = async <T>(
  request: Pick<FastifyRequest, 'log'>,
  reply: FastifyReply,
  search: (signal: AbortSignal) => Promise<T>,
): Promise<T | FastifyReply> => {
  const controller = new AbortController();
  const response = reply.raw;
  // Not request.raw's 'close': since Node 16 it fires once the body has been read, long before the answer.
  // The response's 'close' comes with the socket's, or after 'finish' when the answer went out.
  const onClose = () => {
    if (!response.writableFinished) controller.abort();
  };
  response.on('close', onClose);
  if (response.destroyed) controller.abort();
  try {
    return await search(controller.signal);
  } catch (error) {
    if (!(error instanceof SearchAborted)) throw error;
    request.log.debug(
      { budgetChecks: error.checks, ms: Math.round(error.ms) },
      'search stopped: the client closed the connection',
    );
    reply.hijack();
    return reply;
  } finally {
    response.off('close', onClose);
  }
};
