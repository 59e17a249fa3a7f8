import type { FastifyRequest } from 'fastify';
import { redactUrl } from './redact-url.ts';

/** Where log lines go (pino's destination stream); stdout when not given. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The request logger's options. A request is logged by method, URL (secret query parameters redacted) and
 * client address only: headers (authorization, cookies) and bodies (passwords, tokens) never reach the log.
 */
export const loggerOptions = (stream?: LogDestination) => ({
  ...(stream ? { stream } : {}),
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
});
