import type { CommandExamples, DeleteEntryFilesRequest } from '@oasis/schema';
import type { KeyStore } from '../auth/keys.ts';
import { signUploadToken } from '../auth/upload-tokens.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden } from '../errors.ts';
import { folderOf } from '../files/folder-files.ts';
import { nonRootPath } from '../files/paths.ts';
import { createRawFolder, removeRawPaths } from '../files/raw-ops.ts';
import { UploadFiles } from '../files/storage.ts';
import { listUploadEntryFiles } from '../store/entries.ts';
import type { UploadRow } from '../store/uploads.ts';
import { loggedIn, type Caller } from './caller.ts';
import { selectUploadEntries } from './entry-selection.ts';
import { processAgain, writableUpload } from './uploads.ts';

/** POST raw-create-dir: a new folder (with its parents) in an unpublished upload; writers only, no processing. */
export const createUploadFolder = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  rawPath: string,
): Promise<UploadRow> => {
  const { upload } = await writableUpload(ctx, caller, uploadId);
  const relative = nonRootPath(rawPath, 'Bad path provided.');
  await createRawFolder(new UploadFiles(ctx.config.dataDir, upload.upload_id), relative);
  return upload;
};

/**
 * POST action/delete-entry-files: deletes the mainfiles of the upload's entries `query` selects (with
 * `include_parent_folders` their folders too, whole, and the folders that leaves empty), then processes
 * the upload again, which drops the entries. Writers of unpublished uploads only. Selecting nothing
 * changes nothing.
 */
export const deleteEntryFiles = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  request: DeleteEntryFilesRequest,
): Promise<UploadRow> => {
  const { user, upload } = await writableUpload(ctx, caller, uploadId);
  if (!request.query || Object.keys(request.query).length === 0)
    throw badRequest('A query must be specified.');
  const entries = await listUploadEntryFiles(ctx.db, upload.upload_id);
  const selected = await selectUploadEntries(
    ctx,
    user,
    { upload_id: upload.upload_id, entries },
    request.query,
    request.owner ?? 'all',
  );
  if (selected.length === 0) return upload;
  const folders = request.include_parent_folders ?? false;
  const paths = selected.map((entry) =>
    folders ? folderOf(entry.mainfile) || entry.mainfile : entry.mainfile,
  );
  const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
  await removeRawPaths(files, paths, { prune: folders });
  ctx.trash.wake();
  return processAgain(ctx, upload.upload_id);
};

/**
 * GET uploads/command-examples: NOMAD's shell commands with this installation's upload URL and a fresh
 * upload token of the caller. Not for app tokens: a leaked one must not mint tokens that outlive it.
 */
export const commandExamples = async (
  ctx: AppContext,
  keyStore: KeyStore,
  caller: Caller,
): Promise<CommandExamples> => {
  const user = loggedIn(caller);
  if (user.appToken) throw forbidden('Upload commands cannot be made with an app token; log in to get them.');
  const token = await signUploadToken(ctx.config, keyStore, user.user_id);
  const url = `${ctx.config.publicOrigin}${ctx.config.basePath}/api/v1/uploads?token=${token}`;
  const command = `curl -X POST '${url}' -T <local_file>`;
  return {
    upload_url: url,
    upload_command: command,
    upload_command_with_name: `curl -X POST '${url}&upload_name=<name>' -T <local_file>`,
    upload_progress_command: `${command} | xargs echo`,
    upload_command_form: `curl -X POST '${url}' -F file=@<local_file>`,
    upload_tar_command: `tar -cf - <local_folder> | curl -# '${url}' -X POST -T - | xargs echo`,
  };
};
