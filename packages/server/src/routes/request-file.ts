import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badRequest } from '../errors.ts';
import type { OpenIncomingFile } from '../files/receive.ts';

/**
 * The file of an upload request — a multipart field `file`, or the raw body with `?file_name=` — opened
 * only when the service asks for it. The query's file name wins over the multipart part's.
 */
export const requestFile =
  (request: FastifyRequest, fileNameParam: string | undefined): OpenIncomingFile =>
  async () => {
    if (request.isMultipart()) {
      const part = await request.file();
      if (!part) throw badRequest('The multipart request has no file field.');
      return { stream: part.file, fileName: fileNameParam ?? part.filename };
    }
    const body = request.body as Readable | undefined;
    if (body && typeof body.pipe === 'function') return { stream: body, fileName: fileNameParam };
    return undefined;
  };
