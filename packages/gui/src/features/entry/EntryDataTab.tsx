import { DoesNotExist } from '@oasis/client';
import { Alert, Box, Typography } from '@mui/material';
import { useLocation, useParams } from 'react-router-dom';
import { errorText } from '../../core/errorText.ts';
import { ArchiveBrowser, type ArchiveBrowserProps, useArchiveDocument } from '../archive/index.ts';
import { useNotebookDraft } from '../eln/index.ts';
import { entryBasePath } from '../../components/entryTabs.ts';
import { ARCHIVE_PARSER } from '../../api/entries/parsers.ts';
import type { EntryData } from '../../api/entries/types.ts';

const INVALID_JSON_TEXT = 'Processed data is not valid JSON. Displaying plain text instead.';
const NO_ARCHIVE_TEXT = 'No archive exists for this entry...';

/**
 * The data tab: the archive browser, its lanes below the tab's path (`data/run:0/...`); a notebook entry's
 * data sections are edited in their lanes when the caller may edit the entry.
 */
export function EntryDataTab({ entry }: { entry: EntryData }) {
  const entryId = entry.entry_id;
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
  const browser = {
    entryId,
    archive: document.data.archive,
    response: document.data.response,
    baseUrl,
    version: document.dataUpdatedAt,
    onReload: () => void document.refetch(),
  };
  if (entry.parser_name === ARCHIVE_PARSER) return <NotebookArchiveBrowser entry={entry} browser={browser} />;
  return <ArchiveBrowser {...browser} />;
}

/** A notebook entry's archive browser: one editing session for all lanes; moving between them keeps it. */
function NotebookArchiveBrowser({ entry, browser }: { entry: EntryData; browser: ArchiveBrowserProps }) {
  const notebook = useNotebookDraft(
    entry,
    browser.archive,
    (pathname) => pathname === browser.baseUrl || pathname.startsWith(`${browser.baseUrl}/`),
  );
  return <ArchiveBrowser {...browser} notebook={notebook} />;
}
