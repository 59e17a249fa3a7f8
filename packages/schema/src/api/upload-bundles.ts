import { Type } from '@sinclair/typebox';

/**
 * `GET /uploads/{id}/bundle`: a published upload as a bundle (zip of bundle_info.json, raw/ and archive/).
 * This server always includes all three parts; NOMAD's switches are accepted for scripts written for it,
 * and `false` is refused rather than silently ignored.
 */
export const BundleExportQuerySchema = Type.Object({
  include_raw_files: Type.Optional(Type.Boolean()),
  include_archive_files: Type.Optional(Type.Boolean()),
  include_datasets: Type.Optional(Type.Boolean()),
});

/**
 * `POST /uploads/bundle`: imports a bundle (the zip as the body, or a multipart field `file`). Only
 * `embargo_length` changes what is imported; the parts of a bundle are always all taken over.
 */
export const BundleImportQuerySchema = Type.Object({
  embargo_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 36 })),
});
