import type { AppContext } from '../context.ts';
import { failUnfinishedEntries } from '../store/entries.ts';
import { findUpload, setUploadProcessState } from '../store/uploads.ts';
import { enqueueJob } from './queue.ts';

export const PROCESS_UPLOAD = 'process_upload';

/** Marks the upload as waiting and queues one processing job for it (none if one is already waiting). */
export const queueUploadProcessing = async (ctx: AppContext, uploadId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE uploads SET process_status = 'PENDING', current_process = $2, last_status_message = 'Waiting for processing ...'
       WHERE upload_id = $1`,
      [uploadId, PROCESS_UPLOAD],
    );
    const { rows } = await tx.query(
      `SELECT 1 FROM jobs WHERE upload_id = $1 AND kind = $2 AND state = 'PENDING'`,
      [uploadId, PROCESS_UPLOAD],
    );
    if (rows.length === 0) await enqueueJob(tx, PROCESS_UPLOAD, uploadId);
  });
  ctx.notifyJobQueued();
};

/**
 * A processing job that was given up: the upload shows a failed process with `reason`, and none of its
 * entries stays pending.
 */
export const failUploadProcessing = async (
  ctx: AppContext,
  uploadId: string,
  reason: string,
): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    await setUploadProcessState(tx, uploadId, {
      status: 'FAILURE',
      process: PROCESS_UPLOAD,
      message: 'Process process_upload failed',
      errors: [reason],
      complete: true,
    });
    await failUnfinishedEntries(tx, uploadId, reason);
  });
};

/** Waits until the upload is no longer processing (for `wait_for_processing`), at most `timeoutMs`. */
export const waitForProcessing = async (
  ctx: AppContext,
  uploadId: string,
  timeoutMs = 120_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const upload = await findUpload(ctx.db, uploadId);
    if (!upload || !['PENDING', 'RUNNING'].includes(upload.process_status)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
