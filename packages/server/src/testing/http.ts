import type { TestServer } from './test-server.ts';
import { readUntil } from './until.ts';

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

export interface UploadState {
  process_running: boolean;
  process_status: string;
  errors: string[];
  last_status_message: string;
}

/** Polls an upload until its processing has finished (the test's timeout catches one that never does). */
export const waitProcessed = async (
  server: TestServer,
  uploadId: string,
  token: string,
): Promise<UploadState> =>
  readUntil(
    async () =>
      (await json<{ data: UploadState }>(await fetch(`${server.api}/uploads/${uploadId}`, as(token)))).data,
    (data) => !data.process_running,
    100,
  );
