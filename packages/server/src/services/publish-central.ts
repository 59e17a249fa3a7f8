import { Readable } from 'node:stream';
import { ApiClient, ApiError } from '@oasis/client';
import type { AppContext } from '../context.ts';
import type { CentralConfig } from '../config/central-config.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { withoutServerPaths } from '../files/server-paths.ts';
import { addPublishedTo } from '../store/upload-bundles.ts';
import { setUploadProcessState } from '../store/uploads.ts';
import { publishedUploadBundle } from './bundle-export.ts';

/** The job (and the upload's current_process while it runs): NOMAD's name. */
export const PUBLISH_EXTERNALLY = 'publish_externally';

/** A send (export, transfer, import there) may take this long before it is given up. */
const SEND_TIMEOUT_MS = 30 * 60_000;
/** The target's answer is quoted in the upload's errors, cut to this length. */
const MAX_QUOTED_ANSWER = 2000;

/** Queues sending the (published) upload to the configured installation, inside the caller's transaction. */
export const queueCentralPublish = async (
  tx: Queryable,
  uploadId: string,
  embargoLength: number | undefined,
): Promise<void> => {
  await setUploadProcessState(tx, uploadId, {
    status: 'PENDING',
    process: PUBLISH_EXTERNALLY,
    message: 'Waiting for publishing to central NOMAD ...',
    errors: [],
  });
  await enqueueJob(
    tx,
    PUBLISH_EXTERNALLY,
    uploadId,
    embargoLength === undefined ? {} : { embargo_length: embargoLength },
  );
};

/** The target's answer to a refused call as it sent it: its text, or its JSON written out again. */
const answerText = (error: ApiError): string =>
  typeof error.body === 'string' ? error.body : (JSON.stringify(error.body) ?? '');

/** A bearer token of the target: the configured one, or one its /auth/token gives for the account. */
const targetToken = async (central: CentralConfig, signal: AbortSignal): Promise<string> => {
  if ('token' in central) return central.token;
  const target = new ApiClient({ apiBase: `${central.url}/v1` });
  try {
    const { username, password } = central;
    return (await target.call('authToken', { query: { username, password } }, { signal })).access_token;
  } catch (error) {
    // A refusal quotes the target's answer; an unreachable target (no status) keeps its own message.
    if (error instanceof ApiError && error.status !== undefined && error.status >= 300)
      throw new Error(`Could not sign in at central NOMAD: ${answerText(error).slice(0, MAX_QUOTED_ANSWER)}`);
    throw error;
  }
};

/** Streams the bundle to the target's POST /uploads/bundle; the target's error text when it refuses. */
const sendBundle = async (
  ctx: AppContext,
  central: CentralConfig,
  uploadId: string,
  embargoLength: unknown,
  signal: AbortSignal,
) => {
  const token = await targetToken(central, signal);
  const query = typeof embargoLength === 'number' ? `?embargo_length=${embargoLength}` : '';
  const bundle = await publishedUploadBundle(ctx, uploadId);
  // raw: the client sends a bundle as a file (a Blob, whole); this one is streamed as it is made.
  const response = await fetch(`${central.url}/v1/uploads/bundle${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    // Streamed: the bundle is never written to disk or held in memory here.
    body: Readable.toWeb(bundle) as ReadableStream,
    duplex: 'half',
    signal,
  } as RequestInit);
  if (!response.ok)
    throw new Error(
      `Error message from central NOMAD: ${(await response.text()).slice(0, MAX_QUOTED_ANSWER)}`,
    );
};

/**
 * The job: sends the upload's bundle to `oasis.central` and records the target in `published_to`; a no-op
 * when it is there already. A refusal or an unreachable target is recorded on the upload (process_status
 * FAILURE with the reason) and not retried; the local upload is otherwise unchanged.
 */
export const publishToCentral = async (
  ctx: AppContext,
  uploadId: string,
  payload: Record<string, unknown>,
  signal: AbortSignal,
): Promise<void> => {
  const central = ctx.config.central;
  const state = (status: string, message: string, errors?: string[]) =>
    setUploadProcessState(ctx.db, uploadId, {
      status,
      process: PUBLISH_EXTERNALLY,
      message,
      errors,
      complete: status !== 'RUNNING',
    });
  if (!central)
    return state('FAILURE', 'Process publish_externally failed', [
      'Publishing to central NOMAD is not configured',
    ]);
  await state('RUNNING', 'Uploading bundle to central NOMAD.', []);
  try {
    await sendBundle(
      ctx,
      central,
      uploadId,
      payload.embargo_length,
      AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await state('FAILURE', 'Process publish_externally failed', [withoutServerPaths(message)]);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await addPublishedTo(tx, uploadId, central.url);
    await setUploadProcessState(tx, uploadId, {
      status: 'SUCCESS',
      process: PUBLISH_EXTERNALLY,
      message: 'Process publish_externally completed successfully',
      errors: [],
      complete: true,
    });
  });
};
