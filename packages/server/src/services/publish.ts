import type { AppContext } from '../context.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { countProcessedEntries, markPublished } from '../store/upload-metadata.ts';
import { lockUploads, type UploadRow } from '../store/uploads.ts';
import { assertCanRead, uploadRoles } from '../auth/access.ts';
import { loggedIn, type Caller } from './caller.ts';
import { queueCentralPublish } from './publish-central.ts';
import { currentUpload } from './uploads.ts';
import { UploadFiles } from '../files/storage.ts';

/**
 * POST uploads/{id}/action/publish: writers publish an upload that has finished processing with at least
 * one entry, with an embargo of `embargoLength` months (the upload's own setting when not given). From
 * then on its files and entries are final (access.ts refuses changes to published uploads). The checks
 * and NOMAD's texts run on the locked row, so processing queued meanwhile cannot slip in between.
 * `toCentralNomad` (main author or admin, when `oasis.central` is configured) also queues sending the
 * upload, published now or before, to that installation (publish-central.ts); a previous failed send
 * does not block another.
 */
export const publishUpload = async (
  ctx: AppContext,
  caller: Caller,
  uploadId: string,
  options: { embargoLength?: number; toCentralNomad?: boolean },
): Promise<UploadRow> => {
  const user = loggedIn(caller, 'User authentication required to access uploads.');
  const central = options.toCentralNomad ? ctx.config.central : undefined;
  let queued = false;
  let published = false;
  await ctx.db.transaction(async (tx) => {
    const [locked] = await lockUploads(tx, [uploadId]);
    const upload = assertCanRead(locked, user);
    const roles = uploadRoles(upload, user);
    if (!roles.isWriter && !roles.isAdmin)
      throw unauthorized('You do not have write access to the specified upload.');
    if (options.toCentralNomad) {
      if (!central) throw badRequest('Publishing to central NOMAD is not configured');
      // The bundle goes out under this installation's account there: not every co-author's decision.
      if (!roles.isMainAuthor && !roles.isAdmin)
        throw unauthorized('Only the main author or an admin can publish the upload to central NOMAD.');
    } else if (upload.published) throw badRequest('Upload already published.');
    if (upload.process_status === 'PENDING' || upload.process_status === 'RUNNING')
      throw badRequest('The upload is currently being processed, operation not allowed.');
    if (!upload.published) {
      if (upload.process_status === 'FAILURE')
        throw badRequest('Cannot publish an upload that failed processing.');
      if ((await countProcessedEntries(tx, upload.upload_id)) === 0)
        throw badRequest('Cannot publish an upload without any resulting entries.');
      await markPublished(
        tx,
        upload.upload_id,
        ctx.clock.now(),
        options.embargoLength ?? upload.embargo_length,
      );
      published = true;
    }
    // Sending again is a no-op once the target has the upload (spec 3 §4).
    if (central && !(upload.published_to ?? []).includes(central.url)) {
      await queueCentralPublish(tx, upload.upload_id, options.embargoLength);
      queued = true;
    }
  });
  if (queued) ctx.notifyJobQueued();
  if (published)
    await ctx.north.uploadPublished(uploadId, new UploadFiles(ctx.config.dataDir, uploadId).rawDir);
  return currentUpload(ctx.db, uploadId);
};
