import { Alert, Box, Stack, Typography } from '@mui/material';
import type { AppConfig } from '@oasis/schema';
import type { ReactNode } from 'react';
import { useArtifacts } from '../../api/artifacts.ts';
import { SearchBar } from './bar/SearchBar.tsx';
import { SearchProvider } from './context/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { DashboardProvider } from './dashboard/DashboardProvider.tsx';
import { GuiOptionsDialog, useAltG } from './GuiOptionsDialog.tsx';
import { FilterMenu } from './menu/FilterMenu.tsx';
import { QueryChips } from './QueryChips.tsx';
import { useRemovePrerenderedPage } from './prerendered.ts';
import { SearchResults } from './results/SearchResults.tsx';

/**
 * /search/{app.path}: the filter menu on the left; the search bar, the query, the dashboard and the
 * results on the right, all reading one search context (spec 2 §2).
 */
export function SearchPage({ app, header }: { app: AppConfig; header?: ReactNode }) {
  const artifacts = useArtifacts();
  const [optionsOpen, setOptionsOpen] = useAltG();
  useRemovePrerenderedPage(artifacts.isError);
  if (!artifacts.data) {
    return (
      <Box sx={{ p: 3 }}>
        {artifacts.isError ? (
          <Alert severity="error">{artifacts.error.message}</Alert>
        ) : (
          <Typography color="text.secondary">Loading the required schemas...</Typography>
        )}
      </Box>
    );
  }
  return (
    // Apps' routes render this same page: without the key, going from one app to another (a link, the
    // Explore menu) would carry the last app's search state (its order, its aggregations) over.
    <SearchProvider key={app.path} app={app}>
      <DashboardProvider>
        <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'flex-start' }}>
          <FilterMenu />
          <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
            {/* Pages that embed the search (a dataset, 'Your data') bring their own heading. */}
            {header ?? (
              <Box>
                <Typography variant="h5" component="h1">
                  {app.label}
                </Typography>
                {app.description ? (
                  <Typography variant="body2" color="text.secondary">
                    {app.description}
                  </Typography>
                ) : null}
                {app.readme ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {plainText(app.readme)}
                  </Typography>
                ) : null}
              </Box>
            )}
            <SearchBar />
            <QueryChips />
            <Dashboard />
            <SearchResults />
          </Stack>
        </Stack>
        <GuiOptionsDialog app={app} open={optionsOpen} onClose={() => setOptionsOpen(false)} />
      </DashboardProvider>
    </SearchProvider>
  );
}

/** App readmes are Markdown; this page shows them as text without the emphasis marks. */
const plainText = (markdown: string) => markdown.replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');
