// Icons by path: the package index loads every icon, which takes seconds in the tests.
import { DoesNotExist } from '@oasis/client';
import Warning from '@mui/icons-material/Warning';
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { lazyPage } from '../../core/lazyPage.ts';
import { EntryOverview } from './EntryOverview.tsx';
import { entryBasePath, tabOfPath, TAB_PATHS, type EntryTab } from '../../components/entryTabs.ts';
import { entryData, type EntryData } from '../../api/entries/types.ts';
import { useEntry } from '../../api/entries/useEntry.ts';

// The other tabs (file browser, archive lanes, logs) load when opened: the overview, the tab most opened,
// does not compile them first.
const EntryFilesTab = lazyPage(() => import('./EntryFilesTab.tsx').then((m) => m.EntryFilesTab));
const EntryDataTab = lazyPage(() => import('./EntryDataTab.tsx').then((m) => m.EntryDataTab));
const EntryLogsTab = lazyPage(() => import('./EntryLogsTab.tsx').then((m) => m.EntryLogsTab));

/** .../entry/id/{entryId}/* with the tabs overview (base path), files, data and logs. */
export function EntryPage() {
  const { entryId = '', '*': splat = '' } = useParams();
  const { pathname } = useLocation();
  const basePath = entryBasePath(pathname, splat);
  const tab = tabOfPath(splat);
  const entry = useEntry(entryId);
  if (tab === 'redirect') return <Navigate to={basePath} replace />;

  const metadata = entry.data ? entryData(entry.data) : undefined;
  const hasErrors = (metadata?.processing_errors?.length ?? 0) > 0;
  return (
    <Box sx={{ p: 3, maxWidth: 1400, mx: 'auto' }}>
      <Tabs value={tab} sx={{ mb: 2 }}>
        {(Object.keys(TAB_PATHS) as EntryTab[]).map((name) => (
          <Tab
            key={name}
            label={name}
            value={name}
            component={RouterLink}
            to={basePath + TAB_PATHS[name]}
            icon={name === 'logs' && hasErrors ? <Warning color="error" fontSize="small" /> : undefined}
            iconPosition="end"
          />
        ))}
      </Tabs>
      {entry.isPending ? (
        <Typography>loading ...</Typography>
      ) : entry.isError ? (
        <Alert severity={entry.error instanceof DoesNotExist ? 'warning' : 'error'}>
          {entry.error instanceof DoesNotExist ? 'This entry does not exist.' : entry.error.message}
        </Alert>
      ) : metadata ? (
        <Suspense fallback={<Typography>loading ...</Typography>}>
          <EntryTabContent tab={tab} entry={metadata} />
        </Suspense>
      ) : null}
    </Box>
  );
}

function EntryTabContent({ tab, entry }: { tab: EntryTab; entry: EntryData }) {
  switch (tab) {
    case 'files':
      return <EntryFilesTab entry={entry} />;
    case 'data':
      return <EntryDataTab entry={entry} />;
    case 'logs':
      return <EntryLogsTab entry={entry} />;
    default:
      return <EntryOverview entry={entry} />;
  }
}
