import { Link, Typography } from '@mui/material';
import type { UploadResponse } from '@oasis/schema';
import { Link as RouterLink, useMatches, type Params } from 'react-router-dom';
import { useCachedQueryData } from '../../api/useCachedQueryData.ts';
import { uploadKey } from '../../api/uploads/useUpload.ts';
import { entryData } from '../../api/entries/types.ts';
import { useEntry } from '../../api/entries/useEntry.ts';

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

/** The upload page's own answer, if that page is open; watched, never fetched here. */
function useOpenUpload() {
  const uploadId = useMatches().at(-1)?.params.uploadId;
  const upload = useCachedQueryData<UploadResponse>(uploadKey(uploadId ?? ''));
  return uploadId ? upload?.data : undefined;
}

/** The upload crumb (on the upload page and above an entry): the upload's name, fallback 'Upload'. */
export function UploadCrumbLabel({ fallback }: CrumbProps) {
  const entry = useOpenEntry();
  const upload = useOpenUpload();
  return entry?.upload_name || upload?.upload_name || fallback;
}

/**
 * The upload above an entry that is not shown below its upload (reached from a search, or by its own
 * address): the upload's name, fallback 'Upload', a link to the upload's page once the entry is loaded.
 */
export function EntryUploadCrumb() {
  const entry = useOpenEntry();
  const label = entry?.upload_name || 'Upload';
  if (!entry?.upload_id) return <Typography sx={{ fontSize: 'inherit' }}>{label}</Typography>;
  return (
    <Link
      component={RouterLink}
      to={`/user/uploads/upload/id/${encodeURIComponent(entry.upload_id)}`}
      underline="hover"
      color="inherit"
      sx={{ fontSize: 'inherit' }}
    >
      {label}
    </Link>
  );
}
