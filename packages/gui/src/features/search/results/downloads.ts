import type { ApiClient } from '@oasis/client';
import type { Owner } from '@oasis/schema';
import type { Selection } from '../../../components/table/selection.ts';

type DownloadKind = 'raw' | 'archive';

/** The operations the browser navigates to for a download (spec 2 §7). */
const OPERATIONS = { raw: 'entriesRawDownload', archive: 'entriesArchiveDownload' } as const;

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

/** `…/entries/raw?owner=..&json_query=..` (or the archive download). */
export function downloadUrl(
  api: ApiClient,
  kind: DownloadKind,
  owner: Owner,
  query: Readonly<Record<string, unknown>>,
): string {
  return api.link(OPERATIONS[kind], { query: { owner, json_query: JSON.stringify(query) } });
}
