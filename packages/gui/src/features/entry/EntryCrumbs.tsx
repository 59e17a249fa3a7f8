import { useMatches, type Params } from 'react-router-dom';
import { entryData } from './types.ts';
import { useEntry } from './useEntry.ts';

interface CrumbProps {
  params: Params;
  fallback: string;
}

/**
 * The metadata of the entry page that is open, if any. The crumbs only watch the page's query (same key,
 * never fetching themselves): they show the names once the page has them.
 */
function useOpenEntry() {
  const entryId = useMatches().at(-1)?.params.entryId;
  const entry = useEntry(entryId ?? '', false);
  return entry.data ? entryData(entry.data) : undefined;
}

/** The entry crumb: entry name, else mainfile, else 'Entry' (spec 3 §2). */
export function EntryCrumbLabel({ fallback }: CrumbProps) {
  const entry = useOpenEntry();
  return entry?.entry_name || entry?.mainfile || fallback;
}

/** The upload crumb above an entry: the upload's name (fallback 'Upload'); it links to the upload. */
export function UploadCrumbLabel({ fallback }: CrumbProps) {
  const entry = useOpenEntry();
  return entry?.upload_name || fallback;
}
