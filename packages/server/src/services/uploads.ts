import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { receiveFile, type OpenIncomingFile } from '../files/receive.ts';
import { UploadFiles } from '../files/storage.ts';
import { queueUploadProcessing } from '../jobs/processing.ts';
import { createUploadId } from '../processing/ids.ts';
import {
  countUnpublishedUploads,
  deleteUploadRow,
  findUpload,
  insertUpload,
  lockUploadsOfUser,
  type UploadRow,
} from '../store/uploads.ts';
import { assertCanDelete, assertCanRead, assertCanWrite } from './access.ts';
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
};

/**
 * A new upload of the caller, with the request's file (if any) in it and queued for processing.
 *
 * The limit of unpublished uploads is checked and the row inserted in one transaction that first locks
 * the caller's user row: concurrent creates of one user wait for each other, so each counts the others'
 * uploads and no two pass the limit together (PostgreSQL; PGlite runs one transaction at a time anyway).
 * The file is received after the commit, since a transaction must not stay open while a body streams in;
 * if that fails, the new upload is removed again, row and folder.
 */
export const createUpload = async (
  ctx: AppContext,
  caller: Caller,
  input: { uploadName?: string; file: OpenIncomingFile },
): Promise<UploadRow> => {
  const user = loggedIn(caller);
  const uploadId = createUploadId();
  await ctx.db.transaction(async (tx) => {
    if (!(await lockUploadsOfUser(tx, user.user_id)))
      throw unauthorized('The user of this token does not exist.');
    if ((await countUnpublishedUploads(tx, user.user_id)) >= ctx.config.uploadLimit)
      throw badRequest(UPLOAD_LIMIT_EXCEEDED);
    await insertUpload(tx, {
      upload_id: uploadId,
      upload_name: input.uploadName ?? null,
      main_author: user.user_id,
    });
  });
  try {
    const files = new UploadFiles(ctx.config.dataDir, uploadId);
    await files.create();
    const written = await receiveFile(input.file, files, '', ctx.config.uploadFiles);
    if (written) await queueUploadProcessing(ctx, uploadId);
  } catch (error) {
    await removeUpload(ctx, uploadId);
    throw error;
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

/** Queues an unpublished upload for processing again: its writers (and admins) only. */
export const reprocessUpload = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
): Promise<UploadRow> => {
  const user = loggedIn(caller);
  const upload = assertCanWrite(await findUpload(ctx.db, uploadId), user);
  await queueUploadProcessing(ctx, upload.upload_id);
  return currentUpload(ctx.db, upload.upload_id);
};
