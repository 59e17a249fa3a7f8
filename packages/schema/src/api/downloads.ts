import { Type } from '@sinclair/typebox';
import { OwnerSchema } from './entries.ts';

/** owner, json_query and NOMAD's file parameters; any other parameter is a quantity, as for GET /entries. */
export const DownloadQuerySchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    json_query: Type.Optional(Type.String()),
    compress: Type.Optional(Type.Boolean()),
    glob_pattern: Type.Optional(Type.String()),
    include_files: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: true },
);

/** GET /entries: pagination, owner and quantities as query parameters (see search/get-query on the server). */
export const EntriesGetQuerySchema = Type.Object({}, { additionalProperties: true });

/** A streamed file; the document describes it, nothing validates it. */
export const FileResponseSchema = Type.String({ format: 'binary', description: 'The file, streamed' });
