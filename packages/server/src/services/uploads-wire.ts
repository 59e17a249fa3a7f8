import type { Upload, UploadEntry } from '@oasis/schema';
import type { EntryRow } from '../store/entries.ts';
import type { UploadRow } from '../store/uploads.ts';

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);

const isProcessing = (status: string) => status === 'PENDING' || status === 'RUNNING';

/** Each id once, where it first appears (a user may hold two roles; NOMAD derives these lists from sets). */
const distinct = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The wire shape of an upload; writers and viewers are derived from the member roles as NOMAD does: writers
 * are the co-authors and the main author, viewers the reviewers and writers, writer_groups the co-author
 * groups, viewer_groups the co-author and reviewer groups ('all' included), in the order NOMAD's answers
 * show them.
 */
export const uploadToWire = (row: UploadRow): Upload => ({
  process_running: isProcessing(row.process_status),
  current_process: row.current_process,
  process_status: row.process_status,
  last_status_message: row.last_status_message,
  errors: row.errors,
  warnings: row.warnings,
  complete_time: iso(row.complete_time),
  upload_id: row.upload_id,
  upload_name: row.upload_name,
  upload_create_time: iso(row.upload_create_time) ?? '',
  main_author: row.main_author,
  coauthors: row.coauthors,
  coauthor_groups: row.coauthor_groups,
  reviewers: row.reviewers,
  reviewer_groups: row.reviewer_groups,
  writers: distinct([...row.coauthors, row.main_author]),
  writer_groups: distinct(row.coauthor_groups),
  viewers: distinct([...row.reviewers, ...row.coauthors, row.main_author]),
  viewer_groups: distinct([...row.coauthor_groups, ...row.reviewer_groups]),
  published: row.published,
  published_to: row.published_to ?? [],
  publish_time: iso(row.publish_time),
  with_embargo: row.with_embargo,
  embargo_length: row.embargo_length,
  license: row.license,
  entries: row.n_entries ?? 0,
});

/** An upload just deleted, as NOMAD answers DELETE: its last state with the finished delete process. */
export const deletedUploadToWire = (row: UploadRow): Upload => ({
  ...uploadToWire(row),
  current_process: 'delete_upload',
  process_status: 'SUCCESS',
  process_running: false,
});

export const entryToUploadEntry = (row: EntryRow, entryMetadata?: Record<string, unknown>): UploadEntry => ({
  process_running: isProcessing(row.process_status),
  current_process: 'process_entry',
  process_status: row.process_status,
  errors: row.errors,
  warnings: row.warnings,
  complete_time: iso(row.complete_time),
  entry_id: row.entry_id,
  entry_create_time: iso(row.entry_create_time) ?? '',
  mainfile: row.mainfile,
  upload_id: row.upload_id,
  parser_name: row.parser_name,
  ...(entryMetadata ? { entry_metadata: entryMetadata } : {}),
});
