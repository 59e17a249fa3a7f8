import {
  AppTokenQuerySchema,
  AppTokenResponseSchema,
  TokenCredentialsSchema,
  TokenResponseSchema,
} from '../api/auth.ts';
import {
  DatasetIdParamsSchema,
  DatasetResponseSchema,
  DatasetsQuerySchema,
  DatasetsResponseSchema,
} from '../api/datasets.ts';
import { DownloadQuerySchema, EntriesGetQuerySchema, FileResponseSchema } from '../api/downloads.ts';
import {
  ArchiveQueryRequestSchema,
  ArchiveQueryResponseSchema,
  EntriesQueryRequestSchema,
  EntriesQueryResponseSchema,
  EntryIdParamsSchema,
  EntryResponseSchema,
} from '../api/entries.ts';
import { InfoResponseSchema } from '../api/info.ts';
import { MaterialsQueryRequestSchema, MaterialsQueryResponseSchema } from '../api/materials.ts';
import { SuggestionsRequestSchema, SuggestionsResponseSchema } from '../api/suggestions.ts';
import {
  CreateUploadQuerySchema,
  PutRawQuerySchema,
  PutRawResponseSchema,
  RawDirQuerySchema,
  RawDirResponseSchema,
  RawFileQuerySchema,
  UploadEntriesQuerySchema,
  UploadEntriesResponseSchema,
  UploadIdParamsSchema,
  UploadPathParamsSchema,
  UploadResponseSchema,
  UploadsQuerySchema,
  UploadsResponseSchema,
} from '../api/uploads.ts';
import { UserSchema, UsersQuerySchema, UsersResponseSchema } from '../api/users.ts';
import { defineOperation as op } from './operation.ts';

// 503: a search past its time budget (the server's search time budget).
const SEARCH_ERRORS = [400, 401, 413, 422, 503] as const;
const LOGIN_ERRORS = [401, 422, 429] as const;
const UPLOAD_ERRORS = [400, 401, 404, 422] as const;

/**
 * Every endpoint of the API, once, by operation name: the server registers its routes from these rows,
 * the OpenAPI document is generated from them, and the GUI's client is typed by them.
 */
export const operations = {
  info: op({
    method: 'GET',
    path: '/info',
    tag: 'info',
    summary: 'Version, parsers and statistics',
    response: InfoResponseSchema,
    // Any request with an invalid token is refused, whatever its operation.
    errors: [401],
  }),

  authToken: op({
    method: 'GET',
    path: '/auth/token',
    tag: 'auth',
    summary: 'Get an access token with username and password (query parameters)',
    query: TokenCredentialsSchema,
    response: TokenResponseSchema,
    errors: LOGIN_ERRORS,
  }),
  authTokenByForm: op({
    method: 'POST',
    path: '/auth/token',
    tag: 'auth',
    summary: 'Get an access token with username and password (form fields or JSON)',
    body: TokenCredentialsSchema,
    response: TokenResponseSchema,
    errors: [...LOGIN_ERRORS, 413],
  }),
  authAppToken: op({
    method: 'GET',
    path: '/auth/app_token',
    tag: 'auth',
    summary: 'Get an app token for scripts, valid for expires_in seconds',
    query: AppTokenQuerySchema,
    response: AppTokenResponseSchema,
    errors: [401, 403, 422, 429],
  }),

  usersMe: op({
    method: 'GET',
    path: '/users/me',
    tag: 'users',
    summary: 'The logged-in user (also the access check of global-login mode)',
    response: UserSchema,
    errors: [401],
  }),
  usersFind: op({
    method: 'GET',
    path: '/users',
    tag: 'users',
    summary: 'Find users by id, username, email or a prefix of their names',
    query: UsersQuerySchema,
    response: UsersResponseSchema,
    errors: [401, 422],
  }),

  uploadCreate: op({
    method: 'POST',
    path: '/uploads',
    tag: 'uploads',
    summary: 'Create an upload, optionally with a file',
    query: CreateUploadQuerySchema,
    response: UploadResponseSchema,
    errors: [...UPLOAD_ERRORS, 413],
  }),
  uploadsList: op({
    method: 'GET',
    path: '/uploads',
    tag: 'uploads',
    summary: "The caller's uploads",
    query: UploadsQuerySchema,
    response: UploadsResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadById: op({
    method: 'GET',
    path: '/uploads/{upload_id}',
    tag: 'uploads',
    summary: 'One upload',
    params: UploadIdParamsSchema,
    response: UploadResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadEntries: op({
    method: 'GET',
    path: '/uploads/{upload_id}/entries',
    tag: 'uploads',
    summary: "The upload's entries with their processing state",
    params: UploadIdParamsSchema,
    query: UploadEntriesQuerySchema,
    response: UploadEntriesResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadDelete: op({
    method: 'DELETE',
    path: '/uploads/{upload_id}',
    tag: 'uploads',
    summary: 'Delete an unpublished upload',
    params: UploadIdParamsSchema,
    response: UploadResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadProcess: op({
    method: 'POST',
    path: '/uploads/{upload_id}/action/process',
    tag: 'uploads',
    summary: 'Reprocess an unpublished upload',
    params: UploadIdParamsSchema,
    response: UploadResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadRawFile: op({
    method: 'GET',
    path: '/uploads/{upload_id}/raw/{*path}',
    tag: 'uploads',
    summary: 'Download a raw file',
    params: UploadPathParamsSchema,
    query: RawFileQuerySchema,
    response: FileResponseSchema,
    produces: 'application/octet-stream',
    errors: UPLOAD_ERRORS,
  }),
  uploadRawDir: op({
    method: 'GET',
    path: '/uploads/{upload_id}/rawdir/{*path}',
    tag: 'uploads',
    summary: 'List a directory or describe a file',
    params: UploadPathParamsSchema,
    query: RawDirQuerySchema,
    response: RawDirResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadRawDelete: op({
    method: 'DELETE',
    path: '/uploads/{upload_id}/raw/{*path}',
    tag: 'uploads',
    summary: 'Delete a raw file or folder and process the upload again',
    params: UploadPathParamsSchema,
    response: UploadResponseSchema,
    errors: UPLOAD_ERRORS,
  }),
  uploadRawPut: op({
    method: 'PUT',
    path: '/uploads/{upload_id}/raw/{*path}',
    tag: 'uploads',
    summary: 'Add files (zip and tar archives are extracted) and process',
    params: UploadPathParamsSchema,
    query: PutRawQuerySchema,
    response: PutRawResponseSchema,
    errors: [...UPLOAD_ERRORS, 413],
  }),

  entriesQuery: op({
    method: 'POST',
    path: '/entries/query',
    tag: 'entries',
    summary: 'Search entries',
    body: EntriesQueryRequestSchema,
    response: EntriesQueryResponseSchema,
    errors: SEARCH_ERRORS,
  }),
  entriesByQueryString: op({
    method: 'GET',
    path: '/entries',
    tag: 'entries',
    summary: 'Search entries with query parameters',
    query: EntriesGetQuerySchema,
    response: EntriesQueryResponseSchema,
    errors: SEARCH_ERRORS,
  }),
  entryById: op({
    method: 'GET',
    path: '/entries/{entry_id}',
    tag: 'entries',
    summary: 'Metadata of one entry',
    params: EntryIdParamsSchema,
    response: EntryResponseSchema,
    errors: [401, 404],
  }),
  entryArchiveQuery: op({
    method: 'POST',
    path: '/entries/{entry_id}/archive/query',
    tag: 'entries',
    summary: 'The processed archive of one entry, or the parts named in required',
    params: EntryIdParamsSchema,
    body: ArchiveQueryRequestSchema,
    response: ArchiveQueryResponseSchema,
    errors: [401, 404, 413, 422],
  }),
  entriesRawDownload: op({
    method: 'GET',
    path: '/entries/raw',
    tag: 'entries',
    summary: 'Search entries and download their raw files (zip with manifest.json)',
    query: DownloadQuerySchema,
    response: FileResponseSchema,
    produces: 'application/zip',
    errors: SEARCH_ERRORS,
  }),
  entriesArchiveDownload: op({
    method: 'GET',
    path: '/entries/archive/download',
    tag: 'entries',
    summary: 'Search entries and download their archives (zip with manifest.json)',
    query: DownloadQuerySchema,
    response: FileResponseSchema,
    produces: 'application/zip',
    errors: SEARCH_ERRORS,
  }),
  entryArchiveDownload: op({
    method: 'GET',
    path: '/entries/{entry_id}/archive/download',
    tag: 'entries',
    summary: 'The archive of one entry as a JSON file',
    params: EntryIdParamsSchema,
    response: FileResponseSchema,
    produces: 'application/json',
    errors: [401, 404],
  }),

  datasetsList: op({
    method: 'GET',
    path: '/datasets',
    tag: 'datasets',
    summary: 'Datasets, filtered by id, name, creator, type or DOI',
    query: DatasetsQuerySchema,
    response: DatasetsResponseSchema,
    errors: [400, 401, 422],
  }),
  datasetById: op({
    method: 'GET',
    path: '/datasets/{dataset_id}',
    tag: 'datasets',
    summary: 'One dataset',
    params: DatasetIdParamsSchema,
    response: DatasetResponseSchema,
    errors: [401, 404],
  }),

  materialsQuery: op({
    method: 'POST',
    path: '/materials/query',
    tag: 'materials',
    summary: 'Search materials (entries grouped by material_id)',
    body: MaterialsQueryRequestSchema,
    response: MaterialsQueryResponseSchema,
    errors: SEARCH_ERRORS,
  }),
  suggestions: op({
    method: 'POST',
    path: '/suggestions',
    tag: 'entries',
    summary: 'Values of suggestion-enabled quantities matching an input',
    body: SuggestionsRequestSchema,
    response: SuggestionsResponseSchema,
    errors: SEARCH_ERRORS,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
