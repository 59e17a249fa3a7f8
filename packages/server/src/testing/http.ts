import { ApiClient, ApiError } from '@oasis/client';
import type { UploadEntriesResponse, UploadResponse } from '@oasis/schema';
import type { TestServer } from './test-server.ts';
import { readUntil } from './until.ts';

/**
 * The typed client of the API (@oasis/client) on `server` (a test server, a server process: anything with
 * the API's URL), calling as `token`'s user (anonymous without).
 */
export const apiClient = (server: { api: string }, token?: string): ApiClient =>
  new ApiClient({ apiBase: server.api, accessToken: () => Promise.resolve(token) });

/** How the server refused a call of the client: its status and its body (an answer fails the test). */
export const refusalOf = (call: Promise<unknown>): Promise<[number | undefined, unknown]> =>
  call.then(
    (answer) => {
      throw new Error(`expected a refusal, got an answer: ${JSON.stringify(answer).slice(0, 200)}`);
    },
    (error: unknown) => {
      if (error instanceof ApiError) return [error.status, error.body];
      throw error;
    },
  );

/** Request options carrying a bearer token (none for anonymous calls). */
export const as = (token: string | undefined, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
});

/** A call of `server`'s API (`apiPath` below /api/v1) with `token`'s bearer, and `body`, if any, as JSON. */
export const callApi = (
  server: TestServer,
  token: string | undefined,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<Response> =>
  fetch(
    `${server.api}/${apiPath}`,
    as(token, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }),
  );

export const json = async <T = Record<string, unknown>>(response: Response): Promise<T> =>
  (await response.json()) as T;

/** Polls an upload until its processing has finished (the test's timeout catches one that never does). */
export const waitProcessed = async (
  server: TestServer,
  uploadId: string,
  token: string,
): Promise<UploadResponse['data']> => {
  const api = apiClient(server, token);
  return readUntil(
    async () => (await api.call('uploadById', { params: { upload_id: uploadId } })).data,
    (data) => !data.process_running,
    100,
  );
};

/**
 * Uploads one file as `api`'s user, waits for its processing and answers with the upload's id and its
 * entries (the boilerplate most tests of processed uploads start with).
 */
export const uploadProcessed = async (
  api: ApiClient,
  fileName: string,
  content: string | Uint8Array,
): Promise<{ uploadId: string; entries: UploadEntriesResponse['data'] }> => {
  const created = await api.upload('uploadCreate', new Blob([content]), { query: { file_name: fileName } });
  const uploadId = created.upload_id;
  const data = await readUntil(
    async () => (await api.call('uploadById', { params: { upload_id: uploadId } })).data,
    (upload) => !upload.process_running,
    100,
  );
  if (data.process_status !== 'SUCCESS') throw new Error(`upload ${uploadId} ended ${data.process_status}`);
  const entries = (await api.call('uploadEntries', { params: { upload_id: uploadId } })).data;
  return { uploadId, entries };
};
