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
        // Only the token of the login this page shows, never the cookie of another (see client.ts).
        credentials: 'omit',
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

interface MetaEntity {
  name?: string;
  kind?: string;
  children?: MetaEntity[];
  attributes?: { name?: string }[];
}

/** Groups a search for the first dataset reads at most: a file of many empty groups costs a bounded walk. */
const MAX_GROUPS_WALKED = 25;

/**
 * Where a file's preview opens: the root when it names a NeXus default (h5web plots it), else the first
 * dataset of the first group that has one, groups walked depth first in h5grove's order, so that the
 * preview shows data rather than the root group's empty view; undefined (the root) when none is found.
 */
export async function previewStartPath(
  fetcher: Fetcher,
  base: string,
  file: string,
): Promise<string | undefined> {
  const pending = ['/'];
  for (let walked = 0; walked < MAX_GROUPS_WALKED && pending.length > 0; walked += 1) {
    const path = pending.shift()!;
    const meta = JSON.parse(
      new TextDecoder().decode(await fetcher(`${base}/meta/`, { file, path })),
    ) as MetaEntity;
    if (path === '/' && meta.attributes?.some((attribute) => attribute.name === 'default')) return undefined;
    const childPath = (child: MetaEntity) => `${path === '/' ? '' : path}/${child.name ?? ''}`;
    const children = meta.children ?? [];
    const dataset = children.find((child) => child.kind === 'dataset');
    if (dataset) return childPath(dataset);
    pending.unshift(...children.filter((child) => child.kind === 'group').map(childPath));
  }
  return undefined;
}
