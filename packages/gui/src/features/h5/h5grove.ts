import type { Fetcher } from '@h5web/app';

/** Where the oasis serves h5grove, beside its API (as NOMAD mounts it): `${appBase}/h5grove`. */
export const h5groveBase = (appBase: string): string => `${appBase.replace(/\/+$/, '')}/h5grove`;

interface FetcherSettings {
  uploadId: string;
  /** The caller's bearer token, asked for on every request (it may have been refreshed meanwhile). */
  accessToken: () => Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
}

/** The server's `{detail}` of an error answer, if it has one. */
const detailOf = (buffer: ArrayBuffer): string | undefined => {
  try {
    const body = JSON.parse(new TextDecoder().decode(buffer)) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
};

/**
 * h5web's fetcher for the oasis's h5grove: adds the upload and source to every request h5web makes and
 * sends the user's bearer token; errors carry the server's detail, which h5web shows.
 */
export const h5groveFetcher =
  ({ uploadId, accessToken, fetch = globalThis.fetch }: FetcherSettings): Fetcher =>
  async (url, params, options = {}) => {
    const query = new URLSearchParams({ ...params, upload_id: uploadId, source: 'raw' });
    const token = await accessToken();
    try {
      const response = await fetch(`${url}?${query.toString()}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        ...(options.abortSignal ? { signal: options.abortSignal } : {}),
      });
      const buffer = await response.arrayBuffer();
      if (response.ok) return buffer;
      throw new Error(detailOf(buffer) ?? `${response.status} ${response.statusText}`);
    } catch (error) {
      // h5web tells its own cancellations apart by the abort reason.
      if (options.abortSignal?.aborted) throw options.abortSignal.reason;
      throw error;
    }
  };
