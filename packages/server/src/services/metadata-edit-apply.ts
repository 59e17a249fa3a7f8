import type { Queryable } from '../db/database.ts';
import { validationError } from '../errors.ts';
import {
  addToDatasets,
  removeFromDatasets,
  saveUserMetadata,
  type EditableEntryRow,
  type Membership,
} from '../store/entry-metadata.ts';
import { liftExpiredEmbargoes, updateUploadMetadata, type UploadChanges } from '../store/upload-metadata.ts';
import type { UploadRow } from '../store/uploads.ts';
import type { ListOps, VerifiedMetadata } from './metadata-edit-verify.ts';

/** Members of one role, references or datasets of one entry: lists an edit may grow to at most. */
const MAX_LIST_LENGTH = 1000;

/** User metadata one edit may write in all (a long comment on many entries adds up). */
const MAX_WRITTEN_BYTES = 64 * 1024 * 1024;

/** A list after its operations: set replaces, add appends what is missing, remove drops. */
const applyOps = (current: readonly string[], ops: ListOps, skip?: string): string[] => {
  let list = ops.set ? [] : [...current];
  for (const value of [...(ops.set ?? []), ...(ops.add ?? [])])
    if (value !== skip && !list.includes(value)) list.push(value);
  if (ops.remove) {
    const removed = new Set(ops.remove);
    list = list.filter((value) => !removed.has(value));
  }
  return list;
};

const tooLong = (loc: string[], what: string) =>
  validationError([{ loc, msg: `At most ${MAX_LIST_LENGTH} ${what} are allowed`, type: 'value_error' }]);

const memberFields = ['coauthors', 'reviewers', 'coauthor_groups', 'reviewer_groups'] as const;

/** The upload's new name, embargo and members; the main author is never made co-author or reviewer. */
const uploadChanges = (upload: UploadRow, metadata: VerifiedMetadata): UploadChanges => {
  const changes: UploadChanges = {};
  if (metadata.upload_name !== undefined) changes.upload_name = metadata.upload_name;
  if (metadata.embargo_length !== undefined) changes.embargo_length = metadata.embargo_length;
  for (const field of memberFields) {
    const ops = metadata[field];
    if (!ops) continue;
    const skip = field === 'coauthors' || field === 'reviewers' ? upload.main_author : undefined;
    const list = applyOps(upload[field], ops, skip);
    if (list.length > MAX_LIST_LENGTH) throw tooLong(['metadata', field], field);
    changes[field] = list;
  }
  return changes;
};

const referencesOf = (entry: EditableEntryRow): string[] => {
  const own = entry.user_metadata.references;
  const list = Array.isArray(own) ? own : entry.processed_references;
  return Array.isArray(list) ? list.filter((value): value is string => typeof value === 'string') : [];
};

/** The entry's new user metadata, or undefined when the edit leaves it as it is. */
const userMetadataOf = (entry: EditableEntryRow, edit: VerifiedMetadata, loc: string[]) => {
  const next: Record<string, unknown> = { ...entry.user_metadata };
  if (edit.comment !== undefined) next.comment = edit.comment;
  if (edit.entry_name === null) delete next.entry_name;
  else if (edit.entry_name !== undefined) next.entry_name = edit.entry_name;
  if (edit.references) {
    const list = applyOps(referencesOf(entry), edit.references);
    if (list.length > MAX_LIST_LENGTH) throw tooLong([...loc, 'references'], 'references');
    next.references = list;
  }
  return JSON.stringify(next) === JSON.stringify(entry.user_metadata) ? undefined : next;
};

export interface EditWrite {
  /** Uploads whose own fields change (upload-level edits only). */
  uploads: readonly UploadRow[];
  /** What applies to every entry. */
  metadata: VerifiedMetadata;
  entries: readonly EditableEntryRow[];
  /** What applies to single entries, by entry id; it replaces `metadata` field by field. */
  perEntry: ReadonlyMap<string, VerifiedMetadata>;
}

/** Writes a checked edit inside the caller's transaction; entries' datasets and user metadata. */
export const applyEdit = async (tx: Queryable, now: Date, write: EditWrite): Promise<void> => {
  for (const upload of write.uploads) {
    await updateUploadMetadata(tx, upload.upload_id, uploadChanges(upload, write.metadata));
    // A shortened embargo may have run out already.
    if (upload.published) await liftExpiredEmbargoes(tx, now, upload.upload_id);
  }
  const saves: Array<{ entryId: string; userMetadata: Record<string, unknown> }> = [];
  const added: Membership[] = [];
  const removed: Membership[] = [];
  let bytes = 0;
  for (const entry of write.entries) {
    const own = write.perEntry.get(entry.entry_id);
    const edit = own ? { ...write.metadata, ...own } : write.metadata;
    const loc = own ? ['entries', entry.entry_id] : ['metadata'];
    const userMetadata = userMetadataOf(entry, edit, loc);
    if (userMetadata) {
      bytes += JSON.stringify(userMetadata).length;
      saves.push({ entryId: entry.entry_id, userMetadata });
    }
    if (!edit.datasets) continue;
    const next = applyOps(entry.dataset_ids, edit.datasets);
    if (next.length > MAX_LIST_LENGTH) throw tooLong([...loc, 'datasets'], 'datasets');
    for (const id of next)
      if (!entry.dataset_ids.includes(id)) added.push({ entryId: entry.entry_id, datasetId: id });
    for (const id of entry.dataset_ids)
      if (!next.includes(id)) removed.push({ entryId: entry.entry_id, datasetId: id });
  }
  if (bytes > MAX_WRITTEN_BYTES)
    throw validationError([
      { loc: ['metadata'], msg: 'The edit would write too much metadata at once', type: 'value_error' },
    ]);
  await saveUserMetadata(tx, saves);
  await addToDatasets(tx, added);
  await removeFromDatasets(tx, removed);
};
