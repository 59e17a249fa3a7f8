import type { MetadataEditRequest } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import type { UploadRow } from '../store/uploads.ts';
import { loggedIn, type Caller } from './caller.ts';
import { runEdit, type EditOutcome } from './metadata-edit.ts';
import { currentUpload } from './uploads.ts';

const planOf = (request: MetadataEditRequest) => ({
  query: request.query,
  owner: request.owner,
  metadata: request.metadata,
  entries: request.entries,
  entriesKey: request.entries_key,
  verifyOnly: request.verify_only ?? false,
});

/**
 * POST uploads/{id}/edit: the upload's name, embargo and members (without a query), and the metadata of
 * its entries (all, or those the query selects). Answers the upload as it is afterwards.
 */
export const editUpload = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  request: MetadataEditRequest,
): Promise<{ upload: UploadRow; edited: boolean }> => {
  const user = loggedIn(caller, 'User authentication required to access uploads.');
  await runEdit(ctx, user, { ...planOf(request), uploadId });
  return { upload: await currentUpload(ctx.db, uploadId), edited: !request.verify_only };
};

/** POST entries/edit: entry metadata of the entries a query selects, across uploads the caller writes. */
export const editEntries = async (
  ctx: AppContext,
  caller: Caller,
  request: MetadataEditRequest,
): Promise<EditOutcome> => runEdit(ctx, loggedIn(caller), planOf(request));
