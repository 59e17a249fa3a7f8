import type { Owner } from '@oasis/schema';
import type { Selection } from './selection.ts';

export type DownloadKind = 'raw' | 'archive';

/** The API endpoints the browser navigates to for a download (spec 2 §7). */
const ENDPOINTS: Readonly<Record<DownloadKind, string>> = {
  raw: 'entries/raw',
  archive: 'entries/archive/download',
};

const isEmptyQuery = (query: Readonly<Record<string, unknown>>) => Object.keys(query).length === 0;

/** The query of a download: the whole search query, or the selected entries within it. */
export function downloadQuery(
  apiQuery: Readonly<Record<string, unknown>>,
  selection: Selection,
): Record<string, unknown> {
  if (selection.all) return { ...apiQuery };
  const selected = { entry_id: { any: [...selection.ids] } };
  return isEmptyQuery(apiQuery) ? selected : { and: [apiQuery, selected] };
}

/** `{apiBase}/entries/raw?owner=..&json_query=..` (or the archive download), `apiBase` ending in /v1. */
export function downloadUrl(
  apiBase: string,
  kind: DownloadKind,
  owner: Owner,
  query: Readonly<Record<string, unknown>>,
): string {
  return `${apiBase}/${ENDPOINTS[kind]}?owner=${encodeURIComponent(owner)}&json_query=${encodeURIComponent(
    JSON.stringify(query),
  )}`;
}
