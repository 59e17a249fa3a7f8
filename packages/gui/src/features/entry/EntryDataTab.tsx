import { Alert, Box, Typography } from '@mui/material';
import { useLocation, useParams } from 'react-router-dom';
import { DoesNotExist } from '../../api/errors.ts';
import { errorText } from '../../app/errorText.ts';
import { ArchiveBrowser } from '../archive/ArchiveBrowser.tsx';
import { useArchiveDocument } from '../archive/useArchiveDocument.ts';
import { entryBasePath } from './entryTabs.ts';

const INVALID_JSON_TEXT = 'Processed data is not valid JSON. Displaying plain text instead.';
const NO_ARCHIVE_TEXT = 'No archive exists for this entry...';

/** The data tab: the archive browser, its lanes below the tab's path (`data/run:0/...`). */
export function EntryDataTab({ entryId }: { entryId: string }) {
  const { '*': splat = '' } = useParams();
  const { pathname } = useLocation();
  // 'archive' is the tab's old name; its lanes stay below whichever of the two the URL uses.
  const tabSegment = splat.split('/')[0] || 'data';
  const baseUrl = `${entryBasePath(pathname, splat)}/${tabSegment}`;
  const document = useArchiveDocument(entryId);
  if (document.isPending) return <Typography>loading ...</Typography>;
  if (document.isError) {
    return (
      <Alert severity={document.error instanceof DoesNotExist ? 'warning' : 'error'}>
        {document.error instanceof DoesNotExist ? NO_ARCHIVE_TEXT : errorText(document.error)}
      </Alert>
    );
  }
  if (!document.data.valid) {
    return (
      <>
        <Alert severity="warning">{INVALID_JSON_TEXT}</Alert>
        <Box component="pre" sx={{ fontSize: '0.75rem', overflow: 'auto', maxHeight: '70vh', p: 1 }}>
          {document.data.text}
        </Box>
      </>
    );
  }
  return (
    <ArchiveBrowser
      entryId={entryId}
      archive={document.data.archive}
      response={document.data.response}
      baseUrl={baseUrl}
      version={document.dataUpdatedAt}
      onReload={() => void document.refetch()}
    />
  );
}
