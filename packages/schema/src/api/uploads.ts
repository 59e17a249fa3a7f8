import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OrderSchema, PaginationResponseSchema } from './common.ts';
import { EntryMetadataSchema, OwnerSchema } from './entries.ts';

export const ProcessStatusSchema = Type.Union(
  ['READY', 'PENDING', 'RUNNING', 'WAITING_FOR_RESULT', 'SUCCESS', 'FAILURE'].map((s) => Type.Literal(s)),
);

/** Processing state shared by uploads and entries, as NOMAD's `ProcessingData`. */
const processingFields = {
  process_running: Type.Boolean(),
  current_process: Type.Optional(Nullable(Type.String())),
  process_status: ProcessStatusSchema,
  last_status_message: Type.Optional(Nullable(Type.String())),
  errors: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
  complete_time: Type.Optional(Nullable(Type.String())),
};

export const UploadSchema = Type.Object(
  {
    ...processingFields,
    upload_id: Type.String(),
    upload_name: Type.Optional(Nullable(Type.String())),
    upload_create_time: Type.String(),
    main_author: Type.String(),
    coauthors: Type.Optional(Type.Array(Type.String())),
    coauthor_groups: Type.Optional(Type.Array(Type.String())),
    reviewers: Type.Optional(Type.Array(Type.String())),
    reviewer_groups: Type.Optional(Type.Array(Type.String())),
    writers: Type.Array(Type.String()),
    writer_groups: Type.Optional(Type.Array(Type.String())),
    viewers: Type.Array(Type.String()),
    viewer_groups: Type.Optional(Type.Array(Type.String())),
    published: Type.Boolean(),
    published_to: Type.Array(Type.String()),
    publish_time: Type.Optional(Nullable(Type.String())),
    with_embargo: Type.Boolean(),
    embargo_length: Type.Integer(),
    license: Type.String(),
    entries: Type.Integer(),
    upload_files_server_path: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type Upload = Static<typeof UploadSchema>;

export const UploadIdParamsSchema = Type.Object({ upload_id: Type.String() });

/** A path inside the upload's raw folder; empty for its root. */
export const UploadPathParamsSchema = Type.Object({ upload_id: Type.String(), path: Type.String() });

export const UploadResponseSchema = Type.Object(
  { upload_id: Type.String(), data: UploadSchema },
  { additionalProperties: true },
);
export type UploadResponse = Static<typeof UploadResponseSchema>;

export const UploadsQuerySchema = Type.Object({
  upload_id: Type.Optional(Type.Array(Type.String())),
  upload_name: Type.Optional(Type.Array(Type.String())),
  is_processing: Type.Optional(Type.Boolean()),
  is_published: Type.Optional(Type.Boolean()),
  is_owned: Type.Optional(Type.Boolean()),
  roles: Type.Optional(
    Type.Array(
      Type.Union(
        ['main_author', 'coauthor', 'coauthor_group', 'reviewer', 'reviewer_group'].map((r) =>
          Type.Literal(r),
        ),
      ),
    ),
  ),
  process_status: Type.Optional(ProcessStatusSchema),
  page_size: Type.Optional(Type.Integer({ minimum: 0, default: 10 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_after_value: Type.Optional(Type.String()),
  order_by: Type.Optional(Type.String()),
  order: Type.Optional(OrderSchema),
});
export type UploadsQuery = Static<typeof UploadsQuerySchema>;

export const UploadsResponseSchema = Type.Object(
  {
    query: Type.Optional(Type.Object({}, { additionalProperties: true })),
    pagination: PaginationResponseSchema,
    data: Type.Array(UploadSchema),
  },
  { additionalProperties: true },
);
export type UploadsResponse = Static<typeof UploadsResponseSchema>;

export const CreateUploadQuerySchema = Type.Object({
  file_name: Type.Optional(Type.String()),
  upload_name: Type.Optional(Type.String()),
  local_path: Type.Optional(Type.String()),
  publish_directly: Type.Optional(Type.Boolean()),
  example_upload_id: Type.Optional(Type.String()),
  /** An upload token (GET /uploads/command-examples) instead of a bearer token, for shell uploads. */
  token: Type.Optional(Type.String({ maxLength: 4096 })),
});

/** An entry as the upload's entries list shows it: processing state plus its search metadata. */
export const UploadEntrySchema = Type.Object(
  {
    ...processingFields,
    entry_id: Type.String(),
    entry_create_time: Type.String(),
    mainfile: Type.String(),
    upload_id: Type.String(),
    parser_name: Type.String(),
    mainfile_key: Type.Optional(Nullable(Type.String())),
    entry_metadata: Type.Optional(EntryMetadataSchema),
  },
  { additionalProperties: true },
);
export type UploadEntry = Static<typeof UploadEntrySchema>;

export const UploadEntriesQuerySchema = Type.Object({
  page_size: Type.Optional(Type.Integer({ minimum: 0, default: 10 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_after_value: Type.Optional(Type.String()),
  order_by: Type.Optional(Type.String()),
  order: Type.Optional(OrderSchema),
  total: Type.Optional(Type.Integer()),
});

export const UploadEntriesResponseSchema = Type.Object(
  {
    pagination: PaginationResponseSchema,
    processing_successful: Type.Integer(),
    processing_failed: Type.Integer(),
    upload: UploadSchema,
    data: Type.Array(UploadEntrySchema),
  },
  { additionalProperties: true },
);
export type UploadEntriesResponse = Static<typeof UploadEntriesResponseSchema>;

export const RawFileQuerySchema = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  length: Type.Optional(Type.Integer()),
  decompress: Type.Optional(Type.Boolean()),
  ignore_mime_type: Type.Optional(Type.Boolean()),
  compress: Type.Optional(Type.Boolean()),
  re_pattern: Type.Optional(Type.String()),
});

export const PutRawQuerySchema = Type.Object({
  file_name: Type.Optional(Type.String()),
  overwrite_if_exists: Type.Optional(Type.Boolean()),
  wait_for_processing: Type.Optional(Type.Boolean()),
  include_archive: Type.Optional(Type.Boolean()),
  entry_hash: Type.Optional(Type.String()),
  copy_or_move: Type.Optional(Type.Union([Type.Literal('copy'), Type.Literal('move')])),
  copy_or_move_source_path: Type.Optional(Type.String()),
});

/** `POST /uploads/{id}/action/publish`. */
export const PublishQuerySchema = Type.Object({
  embargo_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 36 })),
  to_central_nomad: Type.Optional(Type.Boolean()),
});

/** `POST /uploads/{id}/action/delete-entry-files`: deletes the mainfiles (and with them the entries). */
export const DeleteEntryFilesRequestSchema = Type.Object(
  {
    owner: Type.Optional(OwnerSchema),
    query: Type.Optional(Type.Object({}, { additionalProperties: true })),
    include_parent_folders: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeleteEntryFilesRequest = Static<typeof DeleteEntryFilesRequestSchema>;

/** `GET /uploads/command-examples`: shell commands that upload with the caller's upload token. */
export const CommandExamplesSchema = Type.Object(
  {
    upload_url: Type.String(),
    upload_command: Type.String(),
    upload_command_with_name: Type.String(),
    upload_progress_command: Type.String(),
    upload_command_form: Type.String(),
    upload_tar_command: Type.String(),
  },
  { additionalProperties: true },
);
export type CommandExamples = Static<typeof CommandExamplesSchema>;

/** Items of a folder listed per rawdir page at most: each costs a stat (and an entry lookup). */
export const MAX_RAWDIR_PAGE_SIZE = 1000;

export const RawDirQuerySchema = Type.Object({
  include_entry_info: Type.Optional(Type.Boolean()),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RAWDIR_PAGE_SIZE, default: 500 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  order_by: Type.Optional(Type.String()),
  order: Type.Optional(OrderSchema),
});

export const RawDirElementSchema = Type.Object(
  {
    name: Type.String(),
    is_file: Type.Optional(Type.Boolean()),
    size: Type.Integer(),
    entry_id: Type.Optional(Type.String()),
    parser_name: Type.Optional(Type.String()),
    entry_info: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);

export const RawDirResponseSchema = Type.Object(
  {
    path: Type.String(),
    access: Type.String(),
    file_metadata: Type.Optional(RawDirElementSchema),
    directory_metadata: Type.Optional(
      Type.Object(
        { name: Type.String(), size: Type.Integer(), content: Type.Array(RawDirElementSchema) },
        { additionalProperties: true },
      ),
    ),
    pagination: Type.Optional(PaginationResponseSchema),
  },
  { additionalProperties: true },
);
export type RawDirResponse = Static<typeof RawDirResponseSchema>;

/** Response of PUT raw: the upload, and with wait_for_processing the processed entry. */
export const PutRawResponseSchema = Type.Object(
  {
    upload_id: Type.String(),
    data: UploadSchema,
    processing: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
