import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ErrorBodySchema,
  PutRawQuerySchema,
  PutRawResponseSchema,
  RawDirQuerySchema,
  RawDirResponseSchema,
  RawFileQuerySchema,
  UploadResponseSchema,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/current-user.ts';
import { badRequest, notFound } from '../errors.ts';
import { safeRelativePath } from '../files/paths.ts';
import { receiveFile } from '../files/receive.ts';
import { rawFileHeaders } from '../files/raw-response-headers.ts';
import { UploadFiles } from '../files/storage.ts';
import { queueUploadProcessing, waitForProcessing } from '../jobs/processing.ts';
import { assertCanRead, assertCanWrite } from '../store/access.ts';
import { findUpload, uploadToWire, type UploadRow } from '../store/uploads.ts';
import { listUploadEntryFiles, findEntryRow } from '../store/entries.ts';
import { generateEntryId } from '../processing/ids.ts';

const PathParams = Type.Object({ upload_id: Type.String(), '*': Type.Optional(Type.String()) });
/** The upload root has no path after `raw/`; with trailing slashes ignored it needs a route of its own. */
const both = (base: string) => [base, `${base}/*`];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

const access = (upload: UploadRow) =>
  upload.published ? (upload.with_embargo ? 'restricted' : 'public') : 'unpublished';

const statOrUndefined = (file: string) => stat(file).catch(() => undefined);

export const rawFilesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (plugin) => {
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();

    for (const url of both('/uploads/:upload_id/raw'))
      api.get(
        url,
        {
          schema: {
            tags: ['uploads'],
            summary: 'Download a raw file',
            params: PathParams,
            querystring: RawFileQuerySchema,
          },
        },
        async (request, reply) => {
          const upload = assertCanRead(await findUpload(ctx.db, request.params.upload_id), request.user);
          const relative = safeRelativePath(request.params['*'] ?? '');
          const file = new UploadFiles(ctx.config.dataDir, upload.upload_id).rawPath(relative);
          const info = await statOrUndefined(file);
          if (!info) throw notFound('The requested file does not exist.');
          if (!info.isFile()) throw badRequest('The requested path is a directory; use rawdir to list it.');
          const offset = request.query.offset ?? 0;
          const length =
            request.query.length !== undefined && request.query.length >= 0
              ? request.query.length
              : undefined;
          if (offset > info.size) throw badRequest('Offset is beyond the end of the file.');
          const end = length !== undefined ? Math.min(info.size, offset + length) - 1 : info.size - 1;
          const name = path.basename(relative);
          reply.headers(rawFileHeaders(name, { ignoreMimeType: request.query.ignore_mime_type }));
          if (end < offset) return reply.send('');
          return reply.send(createReadStream(file, { start: offset, end }));
        },
      );

    for (const url of both('/uploads/:upload_id/rawdir'))
      api.get(
        url,
        {
          schema: {
            tags: ['uploads'],
            summary: 'List a directory or describe a file',
            params: PathParams,
            querystring: RawDirQuerySchema,
            response: { 200: RawDirResponseSchema, ...errors },
          },
        },
        async (request) => {
          const upload = assertCanRead(await findUpload(ctx.db, request.params.upload_id), request.user);
          const relative = safeRelativePath(request.params['*'] ?? '');
          const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
          const target = files.rawPath(relative);
          const info = await statOrUndefined(target);
          if (!info) throw notFound('Not found. Invalid path?');
          const mainfiles = new Map(
            (await listUploadEntryFiles(ctx.db, upload.upload_id)).map((e) => [e.mainfile, e.entry_id]),
          );
          const entryInfo = async (rel: string) => {
            const entryId = mainfiles.get(rel);
            if (!entryId) return {};
            const row = await findEntryRow(ctx.db, entryId);
            return { entry_id: entryId, parser_name: row?.parser_name ?? '' };
          };
          if (info.isFile()) {
            return {
              path: relative,
              access: access(upload),
              file_metadata: {
                name: path.basename(relative),
                size: info.size,
                is_file: true,
                ...(await entryInfo(relative)),
              },
            };
          }
          const pageSize = request.query.page_size ?? 500;
          const page = request.query.page ?? 1;
          const dirents = (await readdir(target, { withFileTypes: true })).sort((a, b) =>
            a.name.localeCompare(b.name),
          );
          const slice = dirents.slice((page - 1) * pageSize, page * pageSize);
          const content = await Promise.all(
            slice.map(async (dirent) => {
              const rel = relative ? `${relative}/${dirent.name}` : dirent.name;
              const childInfo = await stat(path.join(target, dirent.name));
              return {
                name: dirent.name,
                is_file: dirent.isFile(),
                size: dirent.isFile() ? childInfo.size : 0,
                ...(dirent.isFile() && request.query.include_entry_info ? await entryInfo(rel) : {}),
              };
            }),
          );
          return {
            path: relative,
            access: access(upload),
            directory_metadata: { name: path.basename(relative), size: 0, content },
            pagination: {
              page_size: pageSize,
              page,
              total: dirents.length,
              order_by: 'name',
              order: 'asc' as const,
            },
          };
        },
      );

    api.delete(
      '/uploads/:upload_id/raw/*',
      {
        schema: {
          tags: ['uploads'],
          summary: 'Delete a raw file or folder and process the upload again',
          params: PathParams,
          response: { 200: UploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const upload = assertCanWrite(
          await findUpload(ctx.db, request.params.upload_id),
          requireUser(request),
        );
        const relative = safeRelativePath(request.params['*'] ?? '');
        if (!relative)
          throw badRequest('No path given: use DELETE /uploads/{upload_id} to delete the upload.');
        const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
        if (!(await files.removeRaw(relative))) throw notFound('The requested path does not exist.');
        await queueUploadProcessing(ctx, upload.upload_id);
        const row = await findUpload(ctx.db, upload.upload_id);
        return { upload_id: upload.upload_id, data: uploadToWire(row!) };
      },
    );

    for (const url of both('/uploads/:upload_id/raw'))
      api.put(
        url,
        {
          schema: {
            tags: ['uploads'],
            summary: 'Add files (zip and tar archives are extracted) and process',
            params: PathParams,
            querystring: PutRawQuerySchema,
            response: { 200: PutRawResponseSchema, ...errors },
          },
        },
        async (request) => {
          const upload = assertCanWrite(
            await findUpload(ctx.db, request.params.upload_id),
            requireUser(request),
          );
          const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
          const targetDir = safeRelativePath(request.params['*'] ?? '');
          if (request.query.file_name && request.query.overwrite_if_exists === false) {
            const existing = await statOrUndefined(
              files.rawPath(targetDir ? `${targetDir}/${request.query.file_name}` : request.query.file_name),
            );
            if (existing)
              throw badRequest('The provided path already exists and overwrite_if_exists is set to False.');
          }
          const written = await receiveFile(
            request,
            files,
            targetDir,
            request.query.file_name,
            ctx.config.uploadFiles,
          );
          if (!written) throw badRequest('No file was sent.');
          await queueUploadProcessing(ctx, upload.upload_id);
          let processing: Record<string, unknown> | undefined;
          if (request.query.wait_for_processing) {
            await waitForProcessing(ctx, upload.upload_id);
            const mainfile = written.length === 1 ? written[0]! : undefined;
            const entry = mainfile
              ? await findEntryRow(ctx.db, generateEntryId(upload.upload_id, mainfile))
              : undefined;
            processing = {
              upload_id: upload.upload_id,
              path: mainfile ?? targetDir,
              ...(entry
                ? {
                    entry_id: entry.entry_id,
                    parser_name: entry.parser_name,
                    entry: {
                      process_status: entry.process_status,
                      errors: entry.errors,
                      process_running: false,
                    },
                  }
                : {}),
            };
          }
          const row = await findUpload(ctx.db, upload.upload_id);
          return {
            upload_id: upload.upload_id,
            data: uploadToWire(row!),
            ...(processing ? { processing } : {}),
          };
        },
      );
  };
