import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { badRequest } from '../errors.ts';
import { detectArchive, extractArchive } from './extract.ts';
import { safeRelativePath } from './paths.ts';
import type { UploadFiles } from './storage.ts';

/**
 * Takes the file of an upload request — a multipart field `file`, or the raw body with `?file_name=` —
 * streams it to disk (constant memory), and puts it into the raw directory below `targetDir`: zip and tar
 * archives are extracted, any other file is stored as is. Returns the written upload-relative paths, or
 * undefined when the request carried no file.
 */
export const receiveFile = async (
  request: FastifyRequest,
  files: UploadFiles,
  targetDir: string,
  fileNameParam: string | undefined,
): Promise<string[] | undefined> => {
  let stream: Readable | undefined;
  let fileName = fileNameParam;
  if (request.isMultipart()) {
    const part = await request.file();
    if (!part) throw badRequest('The multipart request has no file field.');
    stream = part.file;
    fileName = fileNameParam ?? part.filename;
  } else if (request.body && typeof (request.body as Readable).pipe === 'function') {
    stream = request.body as Readable;
  }
  if (!stream) return undefined;
  const temp = await files.streamToTemp(stream);
  if (!fileName) {
    throw badRequest('No file name given: send a multipart file or set the file_name query parameter.');
  }
  const safeName = safeRelativePath(fileName);
  if (!safeName) throw badRequest(`Bad path: ${fileName}`);
  const target = safeRelativePath(targetDir);
  const kind = await detectArchive(temp, safeName);
  if (kind) return extractArchive(kind, temp, files, target);
  const relative = target ? `${target}/${safeName}` : safeName;
  await files.moveIntoRaw(temp, files.rawPath(relative));
  return [relative];
};
