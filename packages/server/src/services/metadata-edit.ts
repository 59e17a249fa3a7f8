import type { EditableMetadata, Owner } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, unauthorized, validationError } from '../errors.ts';
import { parseRequestQuery, searchScope } from '../search/search.ts';
import {
  editableEntriesByIds,
  editableEntriesOfUploads,
  uploadIdsOfEntries,
  type EditableEntryRow,
} from '../store/entry-metadata.ts';
import { lockUploads, type UploadRow } from '../store/uploads.ts';
import { assertCanRead, uploadRoles } from '../auth/access.ts';
import { readUpload } from './uploads.ts';
import { applyEdit } from './metadata-edit-apply.ts';
import { EditVerifier, UPLOAD_FIELDS, type VerifiedMetadata } from './metadata-edit-verify.ts';

/** Entries one edit may change: bounds its transaction, its index updates and its answer. */
const MAX_EDIT_ENTRIES = 10_000;

/** An edit request as the services take it (NOMAD's MetadataEditRequest, with the upload of the path). */
export interface EditPlan {
  /** POST uploads/{upload_id}/edit: the upload, whose fields may be edited when there is no query. */
  uploadId?: string;
  query?: unknown;
  owner?: Owner;
  metadata?: EditableMetadata;
  entries?: Record<string, EditableMetadata>;
  entriesKey?: 'entry_id' | 'mainfile';
  verifyOnly?: boolean;
  /** edit_v0: members are set on every upload the query touches. */
  uploadFieldsWithQuery?: boolean;
  /** Entries chosen already (dataset creation); no query is run. */
  entryIds?: readonly string[];
}

export interface EditOutcome {
  metadata: VerifiedMetadata;
  entries: Record<string, VerifiedMetadata>;
}

const tooMany = (n: number) =>
  badRequest(`The edit selects ${n} entries; at most ${MAX_EDIT_ENTRIES} can be edited at once.`);

const isProcessing = (upload: UploadRow) =>
  upload.process_status === 'PENDING' || upload.process_status === 'RUNNING';

const hasFields = (metadata: EditableMetadata | undefined) =>
  metadata !== undefined && Object.values(metadata).some((value) => value !== undefined && value !== null);

/**
 * The entries a query selects among those the owner value admits (through the search index, which
 * enforces visibility), within `uploadId` if given. Entries still processing are not searchable and so
 * never selected.
 */
export const findEditTargets = async (
  ctx: AppContext,
  user: CurrentUser,
  owner: Owner,
  query: unknown,
  uploadId?: string,
): Promise<string[]> => {
  const restricted = uploadId === undefined ? query : { and: [query ?? {}, { upload_id: uploadId }] };
  const scope = await searchScope(ctx.search, user, owner, parseRequestQuery(restricted ?? {}));
  if (scope.matching.length > MAX_EDIT_ENTRIES) throw tooMany(scope.matching.length);
  return Array.from(scope.matching, (row) => scope.index.entryIds.at(row));
};

/** Writers of every upload (or admins); others are refused before anything is checked in detail. */
const assertWriters = (uploads: readonly UploadRow[], user: CurrentUser, single: boolean) => {
  for (const upload of uploads) {
    const roles = uploadRoles(upload, user);
    if (roles.isWriter || roles.isAdmin) continue;
    throw unauthorized(
      single
        ? 'You do not have write access to the specified upload.'
        : `You do not have write access to the upload ${upload.upload_id}.`,
    );
  }
};

/**
 * What published uploads still allow (spec 3 §4, NOMAD's edit API): members, comments, references and
 * datasets; the embargo only shorter or lifted, and only by the main author; no new names.
 */
const checkPublished = (
  uploads: readonly UploadRow[],
  user: CurrentUser,
  verifier: EditVerifier,
  items: ReadonlyArray<{ verified: VerifiedMetadata; loc: string[]; uploadIds: ReadonlySet<string> }>,
) => {
  if (user.is_admin) return;
  for (const upload of uploads.filter((u) => u.published)) {
    const id = upload.upload_id;
    for (const { verified, loc, uploadIds } of items) {
      if (!uploadIds.has(id)) continue;
      if (verified.upload_name !== undefined)
        verifier.error([...loc, 'upload_name'], `Upload ${id} is published, its name cannot be changed`);
      if (verified.entry_name !== undefined)
        verifier.error([...loc, 'entry_name'], `Upload ${id} is published, entry names cannot be changed`);
      const embargo = verified.embargo_length;
      if (embargo === undefined) continue;
      if (!uploadRoles(upload, user).isMainAuthor)
        throw unauthorized('Only the main author may change the embargo of a published upload.');
      if (embargo > (upload.with_embargo ? upload.embargo_length : 0))
        verifier.error(
          [...loc, 'embargo_length'],
          `Upload ${id} is published, its embargo can only be shortened or lifted`,
        );
    }
  }
};

/** The entries the edit covers, read in the transaction; more than MAX_EDIT_ENTRIES is refused. */
const loadEntries = async (tx: Queryable, plan: EditPlan, targets: readonly string[] | undefined) => {
  const entries =
    targets !== undefined
      ? await editableEntriesByIds(tx, targets)
      : await editableEntriesOfUploads(tx, [plan.uploadId!], MAX_EDIT_ENTRIES + 1);
  if (entries.length > MAX_EDIT_ENTRIES) throw tooMany(entries.length);
  return entries;
};

/** The entries `entries` names by entry id or mainfile; unknown keys are located errors. */
const entriesByKey = (
  plan: EditPlan,
  entries: readonly EditableEntryRow[],
  verifier: EditVerifier,
): Map<string, EditableEntryRow> => {
  const key = plan.entriesKey ?? 'entry_id';
  const index = new Map(
    entries.map((entry) => [key === 'mainfile' ? entry.mainfile : entry.entry_id, entry]),
  );
  const found = new Map<string, EditableEntryRow>();
  for (const name of Object.keys(plan.entries ?? {})) {
    const entry = index.get(name);
    if (entry) found.set(name, entry);
    else verifier.error(['entries', name], `Entry \`${name}\` is not among the entries this edit selects`);
  }
  return found;
};

/**
 * Carries out (or with verifyOnly only checks) an edit request, as NOMAD's MetadataEditRequestHandler
 * does, in one transaction: the caller must be a writer of every upload concerned; values are checked
 * and problems answered as 422 located at their field; then upload and entry metadata are written.
 */
export const runEdit = async (ctx: AppContext, user: CurrentUser, plan: EditPlan): Promise<EditOutcome> => {
  const entryEdits = Object.entries(plan.entries ?? {});
  if (!hasFields(plan.metadata) && !entryEdits.some(([, metadata]) => hasFields(metadata)))
    throw validationError([{ loc: ['metadata'], msg: 'No fields to update specified', type: 'value_error' }]);
  const hasQuery = plan.query !== undefined && plan.query !== null;
  if (plan.uploadId === undefined && !hasQuery && plan.entryIds === undefined)
    throw validationError([
      { loc: ['query'], msg: 'Must specify `query` or `upload_id`', type: 'value_error' },
    ]);
  // Access first: a missing or foreign upload is a 404 or 401 whatever its query finds (checked again below).
  if (plan.uploadId !== undefined) {
    assertWriters([await readUpload(ctx, user, plan.uploadId)], user, true);
  }
  // The search runs before the transaction: it reads through the pool, which a transaction holds.
  const targets =
    plan.entryIds ??
    (hasQuery
      ? await findEditTargets(ctx, user, plan.owner ?? 'visible', plan.query, plan.uploadId)
      : undefined);
  if (targets?.length === 0 && plan.entryIds === undefined)
    throw validationError([{ loc: ['query'], msg: 'No matching entries found', type: 'value_error' }]);

  return ctx.db.transaction(async (tx) => {
    // Uploads first: edits of one upload wait for each other, so none reads entries another is changing.
    const uploadIds =
      plan.uploadId !== undefined ? [plan.uploadId] : await uploadIdsOfEntries(tx, targets ?? []);
    const uploads = await lockUploads(tx, uploadIds);
    const entries = await loadEntries(tx, plan, targets);
    if (plan.uploadId !== undefined) assertCanRead(uploads[0], user);
    assertWriters(uploads, user, plan.uploadId !== undefined);

    const verifier = new EditVerifier(tx, user);
    const uploadLevel = (plan.uploadId !== undefined && !hasQuery) || plan.uploadFieldsWithQuery === true;
    const [metadata = {}, ...perEntry] = await verifier.verifyAll([
      { raw: plan.metadata ?? {}, loc: ['metadata'], uploadLevel },
      ...entryEdits.map(([key, raw]) => ({ raw, loc: ['entries', key], uploadLevel: false })),
    ]);
    const byKey = entriesByKey(plan, entries, verifier);
    const verifiedEntries = Object.fromEntries(entryEdits.map(([key], i) => [key, perEntry[i] ?? {}]));
    checkPublished(uploads, user, verifier, [
      { verified: metadata, loc: ['metadata'], uploadIds: new Set(uploadIds) },
      ...[...byKey].map(([key, entry]) => ({
        verified: verifiedEntries[key] ?? {},
        loc: ['entries', key],
        uploadIds: new Set([entry.upload_id]),
      })),
    ]);
    if (verifier.errors.length > 0) throw validationError(verifier.errors);
    const outcome = { metadata, entries: verifiedEntries };
    if (plan.verifyOnly) return outcome;

    const busy = uploads.find(isProcessing);
    if (busy) throw badRequest(`Upload ${busy.upload_id} is blocked by another process`);
    const uploadChanges = uploadLevel && UPLOAD_FIELDS.some((field) => metadata[field] !== undefined);
    await applyEdit(tx, ctx.clock.now(), {
      uploads: uploadChanges ? uploads : [],
      metadata,
      entries,
      perEntry: new Map([...byKey].map(([key, entry]) => [entry.entry_id, verifiedEntries[key] ?? {}])),
    });
    return outcome;
  });
};
