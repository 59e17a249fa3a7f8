import type { CurrentUser } from '../auth/current-user.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, unauthorized } from '../errors.ts';
import type { KeyStore } from '../auth/keys.ts';
import { verifyUploadToken } from '../auth/upload-tokens.ts';
import { addExampleFiles } from '../files/example-files.ts';
import { receiveFile, type OpenIncomingFile } from '../files/receive.ts';
import { UploadFiles } from '../files/storage.ts';
import { queueUploadProcessing } from '../jobs/processing.ts';
import { finishJob, insertRunningJob, renewLease, type Lease } from '../jobs/queue.ts';
import { createUploadId } from '../processing/ids.ts';
import {
  countUnpublishedUploads,
  deleteUploadRow,
  findUpload,
  insertUpload,
  type UploadRow,
} from '../store/uploads.ts';
import { lockUser } from '../store/users.ts';
import { assertCanDelete, assertCanRead, assertCanWrite } from '../auth/access.ts';
import { loggedIn, type Caller } from './caller.ts';

export const UPLOAD_LIMIT_EXCEEDED = 'Limit of unpublished uploads exceeded for user.';

/** An upload's row as it is now (after a change); it was there a moment ago. */
export const currentUpload = async (db: Queryable, uploadId: string): Promise<UploadRow> => {
  const row = await findUpload(db, uploadId);
  if (!row) throw new Error(`upload ${uploadId} vanished`);
  return row;
};

/** Removes an upload entirely: its row (entries and jobs go with it), then its folder. */
const removeUpload = async (ctx: AppContext, uploadId: string): Promise<void> => {
  await deleteUploadRow(ctx.db, uploadId);
  await new UploadFiles(ctx.config.dataDir, uploadId).delete();
  ctx.trash.wake();
};

/** The job that marks an upload whose first files are being received by the request that created it. */
export const RECEIVE_UPLOAD = 'receive_upload';

/**
 * An upload whose creating request ended with its server (killed while the body streamed in or the
 * archive was extracted) and whose receive job a worker then took over: the client got no answer and no
 * upload id, so the upload goes, row and folder, as when receiving fails. It does not stay behind empty,
 * counting against its user's limit of unpublished uploads.
 */
export const removeInterruptedUpload = (ctx: AppContext, uploadId: string): Promise<void> =>
  removeUpload(ctx, uploadId);

/** Renews the receive job's lease every third of its length until the returned stop is called. */
const holdLease = (ctx: AppContext, jobId: number, lease: Lease): (() => void) => {
  const timer = setInterval(() => {
    renewLease(ctx.db, jobId, lease).catch(() => undefined);
  }, lease.ms / 3);
  timer.unref();
  return () => clearInterval(timer);
};

export interface CreateUploadInput {
  uploadName?: string;
  file: OpenIncomingFile;
  /** An example upload of the configuration: its files instead of the request's, its title as name. */
  exampleUploadId?: string;
  /** The `token` query parameter (command examples), taken when the request has no bearer token. */
  uploadToken?: { token: string; keyStore: KeyStore };
}

/** The creating user's id: the bearer token's user, else the upload token's. */
const creatorId = async (ctx: AppContext, caller: Caller, input: CreateUploadInput): Promise<string> => {
  if (caller || !input.uploadToken) return loggedIn(caller).user_id;
  return verifyUploadToken(ctx.config, input.uploadToken.keyStore, input.uploadToken.token);
};

const exampleUpload = (ctx: AppContext, id: string | undefined) => {
  if (id === undefined) return undefined;
  const example = ctx.config.exampleUploads.find((candidate) => candidate.id === id);
  if (!example) throw badRequest(`There is no example upload with the id '${id}'.`);
  return example;
};

/**
 * A new upload of the caller, with the request's file (if any) or an example's files in it and queued
 * for processing. Example uploads count against the limit like any other.
 *
 * The limit of unpublished uploads is checked and the row inserted in one transaction that first locks
 * the caller's user row: concurrent creates of one user wait for each other, so each counts the others'
 * uploads and no two pass the limit together (PostgreSQL; PGlite runs one transaction at a time anyway).
 * The file is received after the commit, since a transaction must not stay open while a body streams in;
 * if that fails, the new upload is removed again, row and folder. Until then a running receive job (inserted
 * with the row) holds the upload: should the server die meanwhile, its lease runs out and a worker removes
 * the upload (removeInterruptedUpload).
 */
export const createUpload = async (
  ctx: AppContext,
  caller: Caller,
  input: CreateUploadInput,
): Promise<UploadRow> => {
  const userId = await creatorId(ctx, caller, input);
  const example = exampleUpload(ctx, input.exampleUploadId);
  const uploadId = createUploadId();
  const lease = { owner: `receive:${ctx.node}`, ms: ctx.config.processing.jobLeaseMs };
  const receiveJob = await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw unauthorized('The user of this token does not exist.');
    if ((await countUnpublishedUploads(tx, userId)) >= ctx.config.uploadLimit)
      throw badRequest(UPLOAD_LIMIT_EXCEEDED);
    await insertUpload(tx, {
      upload_id: uploadId,
      upload_name: input.uploadName ?? example?.title ?? null,
      main_author: userId,
    });
    return insertRunningJob(tx, RECEIVE_UPLOAD, uploadId, lease);
  });
  const release = holdLease(ctx, receiveJob, lease);
  try {
    const files = new UploadFiles(ctx.config.dataDir, uploadId);
    await files.create();
    // With an example, a body the request may carry is not read.
    const written = example
      ? await addExampleFiles(ctx.fileWork, example.path, files, ctx.config.uploadFiles)
      : await receiveFile(ctx.fileWork, input.file, files, '', ctx.config.uploadFiles);
    // Done before processing is queued: a worker takes no job of an upload with another one running.
    await finishJob(ctx.db, receiveJob, lease.owner);
    if (written) await queueUploadProcessing(ctx, uploadId);
  } catch (error) {
    await removeUpload(ctx, uploadId);
    throw error;
  } finally {
    release();
  }
  return currentUpload(ctx.db, uploadId);
};

/** An upload the caller may read (members; everyone once it is published without embargo). */
export const readUpload = async (ctx: AppContext, caller: Caller, uploadId: string): Promise<UploadRow> =>
  assertCanRead(await findUpload(ctx.db, uploadId), caller);

/** Deletes an unpublished upload: its main author or an admin only. Returns its last state. */
export const deleteUpload = async (ctx: AppContext, caller: Caller, uploadId: string): Promise<UploadRow> => {
  const user = loggedIn(caller);
  const upload = assertCanDelete(await findUpload(ctx.db, uploadId), user);
  await removeUpload(ctx, upload.upload_id);
  return upload;
};

/** An unpublished upload the caller may change (its writers and admins), with the logged-in caller. */
export const writableUpload = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
): Promise<{ user: CurrentUser; upload: UploadRow }> => {
  const user = loggedIn(caller);
  return { user, upload: assertCanWrite(await findUpload(ctx.db, uploadId), user) };
};

/** Queues an upload for processing after a change of its files; returns its row as it is now. */
export const processAgain = async (ctx: AppContext, uploadId: string): Promise<UploadRow> => {
  await queueUploadProcessing(ctx, uploadId);
  return currentUpload(ctx.db, uploadId);
};

/** Queues an unpublished upload for processing again: its writers (and admins) only. */
export const reprocessUpload = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
): Promise<UploadRow> => processAgain(ctx, (await writableUpload(ctx, caller, uploadId)).upload.upload_id);
