import type { TSchema } from '@sinclair/typebox';
import { ErrorBodySchema } from '../api/common.ts';
import {
  ArchiveQueryRequestSchema,
  ArchiveQueryResponseSchema,
  EntriesQueryRequestSchema,
  EntriesQueryResponseSchema,
  EntryResponseSchema,
} from '../api/entries.ts';
import { InfoResponseSchema } from '../api/info.ts';
import { MaterialsQueryRequestSchema, MaterialsQueryResponseSchema } from '../api/materials.ts';
import { SuggestionsRequestSchema, SuggestionsResponseSchema } from '../api/suggestions.ts';
import { UsersResponseSchema } from '../api/users.ts';
import {
  RawDirResponseSchema,
  UploadEntriesResponseSchema,
  UploadResponseSchema,
  UploadsResponseSchema,
} from '../api/uploads.ts';

/** An endpoint of the API, by method and path pattern (relative to /api/v1), with its contract schemas. */
export interface EndpointContract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: RegExp;
  body?: TSchema;
  /** Success response; error responses share ErrorBodySchema. */
  response?: TSchema;
}

// Upload and entry ids; 'command-examples' is an endpoint of its own, not an upload id.
const segment = '(?!command-examples$)[^/?]+';

/** The endpoints this release implements whose shapes the recordings show. */
export const endpointContracts: EndpointContract[] = [
  { method: 'GET', path: /^info$/, response: InfoResponseSchema },
  { method: 'GET', path: /^users$/, response: UsersResponseSchema },
  { method: 'GET', path: /^uploads$/, response: UploadsResponseSchema },
  { method: 'POST', path: /^uploads$/, response: UploadResponseSchema },
  { method: 'GET', path: new RegExp(`^uploads/${segment}$`), response: UploadResponseSchema },
  { method: 'DELETE', path: new RegExp(`^uploads/${segment}$`), response: UploadResponseSchema },
  { method: 'GET', path: new RegExp(`^uploads/${segment}/entries$`), response: UploadEntriesResponseSchema },
  { method: 'DELETE', path: new RegExp(`^uploads/${segment}/raw/.+$`), response: UploadResponseSchema },
  { method: 'GET', path: new RegExp(`^uploads/${segment}/rawdir(/.*)?$`), response: RawDirResponseSchema },
  {
    method: 'POST',
    path: /^entries\/query$/,
    body: EntriesQueryRequestSchema,
    response: EntriesQueryResponseSchema,
  },
  {
    method: 'POST',
    path: /^materials\/query$/,
    body: MaterialsQueryRequestSchema,
    response: MaterialsQueryResponseSchema,
  },
  {
    method: 'POST',
    path: /^suggestions$/,
    body: SuggestionsRequestSchema,
    response: SuggestionsResponseSchema,
  },
  { method: 'GET', path: new RegExp(`^entries/${segment}$`), response: EntryResponseSchema },
  {
    method: 'POST',
    path: new RegExp(`^entries/${segment}/archive/query$`),
    body: ArchiveQueryRequestSchema,
    response: ArchiveQueryResponseSchema,
  },
];

export const errorContract = ErrorBodySchema;
