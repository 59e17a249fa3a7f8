import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { badRequest } from '../errors.ts';

/** The file at the top of a bundle that describes it (NOMAD's name). */
export const BUNDLE_INFO_FILE = 'bundle_info.json';

const id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
/** A date and time in ISO 8601 (what Date reads without guessing; PostgreSQL takes it too). */
const time = Type.String({
  minLength: 10,
  maxLength: 64,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
});
const object = Type.Record(Type.String(), Type.Unknown());

const BundleUserSchema = Type.Object({
  user_id: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.Union([Type.String({ maxLength: 320 }), Type.Null()]),
  username: Type.Optional(Type.String({ maxLength: 200 })),
  first_name: Type.String({ maxLength: 200 }),
  last_name: Type.String({ maxLength: 200 }),
  affiliation: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});

/**
 * bundle_info.json, after NOMAD's: the upload, its entries and datasets, where it came from, and (unlike
 * NOMAD, whose installations share one user directory) its members with their emails, by which the
 * receiving installation finds or creates them.
 */
const BundleInfoSchema = Type.Object({
  upload_id: id,
  source: Type.Object({ deployment_url: Type.String(), version: Type.String() }),
  export_settings: Type.Object({
    include_raw_files: Type.Boolean(),
    include_archive_files: Type.Boolean(),
    include_datasets: Type.Boolean(),
  }),
  upload: Type.Object({
    upload_id: id,
    upload_name: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
    upload_create_time: time,
    main_author: Type.String(),
    coauthors: Type.Array(Type.String()),
    reviewers: Type.Array(Type.String()),
    published: Type.Boolean(),
    publish_time: Type.Union([time, Type.Null()]),
    embargo_length: Type.Integer({ minimum: 0, maximum: 36 }),
    license: Type.String({ maxLength: 200 }),
  }),
  entries: Type.Array(
    Type.Object({
      entry_id: id,
      mainfile: Type.String({ minLength: 1, maxLength: 4096 }),
      parser_name: Type.String({ maxLength: 200 }),
      entry_create_time: time,
      complete_time: Type.Union([time, Type.Null()]),
      metadata: object,
      user_metadata: object,
      warnings: Type.Array(Type.String()),
      datasets: Type.Array(id),
    }),
  ),
  datasets: Type.Array(
    Type.Object({
      dataset_id: id,
      dataset_name: Type.String({ minLength: 1, maxLength: 1000 }),
      user_id: Type.String(),
      dataset_create_time: time,
      dataset_type: Type.Union([Type.Literal('owned'), Type.Literal('foreign')]),
      doi: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  users: Type.Array(BundleUserSchema),
});
export type BundleInfo = Static<typeof BundleInfoSchema>;

/** Parses and checks bundle_info.json; a 400 naming the first problem otherwise. */
export const parseBundleInfo = (text: string): BundleInfo => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${BUNDLE_INFO_FILE} is not valid JSON.`);
  }
  const problem = Value.Errors(BundleInfoSchema, parsed).First();
  if (problem) throw badRequest(`Invalid ${BUNDLE_INFO_FILE} at ${problem.path || '/'}: ${problem.message}`);
  const info = parsed as BundleInfo;
  if (info.upload.upload_id !== info.upload_id)
    throw badRequest(`Invalid ${BUNDLE_INFO_FILE}: upload_id and upload.upload_id differ.`);
  if (!info.upload.published || !info.upload.publish_time)
    throw badRequest('Bundles uploaded from an oasis must be published in the oasis first.');
  if (info.entries.length === 0) throw badRequest('Upload published but no entries in bundle_info.json');
  const times = [
    info.upload.upload_create_time,
    info.upload.publish_time,
    ...info.entries.flatMap((entry) => [entry.entry_create_time, entry.complete_time ?? '']),
    ...info.datasets.map((dataset) => dataset.dataset_create_time),
  ].filter((value) => value !== '');
  const invalid = times.find((value) => Number.isNaN(Date.parse(value)));
  if (invalid !== undefined) throw badRequest(`Invalid ${BUNDLE_INFO_FILE}: ${invalid} is no date.`);
  return info;
};
