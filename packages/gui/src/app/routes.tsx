import { LinearProgress } from '@mui/material';
import type { AppConfig } from '@oasis/schema';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../auth/AuthCallbackPage.tsx';
import { EntryCrumbLabel, EntryUploadCrumb, UploadCrumbLabel } from '../features/entry/EntryCrumbs.tsx';
import { useEntry } from '../api/entries/useEntry.ts';
import { usePrefetchedFirstPage } from '../features/search/context/firstPage.ts';
import { removePrerenderedPage } from '../features/search/prerendered.ts';
import type { Env } from '../core/env.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import * as pages from './pages.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import type { RouteHandle } from './routeHandle.ts';
import { ROUTE_HELP } from './routeHelp.ts';

/** A route's crumb; its Help dialog says more where routeHelp.ts has more to say. */
const crumb = (
  breadcrumb: RouteHandle['breadcrumb'],
  help?: string,
  label?: RouteHandle['label'],
): { handle: RouteHandle } => {
  const details = typeof breadcrumb === 'string' ? ROUTE_HELP[breadcrumb] : undefined;
  return { handle: { breadcrumb, help, ...(label ? { label } : {}), ...(details ? { details } : {}) } };
};

/**
 * The entry page, whose metadata request goes out with the shell: the page's code (a few hundred kB to
 * compile) then loads beside it instead of before it. The page reads the same query. The boundary is
 * here, below the request, so that the request is not discarded with the page while its code loads.
 */
function EntryRouteElement() {
  useEntry(useParams().entryId ?? '');
  return (
    <Suspense fallback={<LinearProgress aria-label="loading page" />}>
      <pages.EntryPage />
    </Suspense>
  );
}

/** An app's search page, whose first results page goes out with the shell (firstPage.ts), as above. */
function SearchRouteElement({ app }: { app: AppConfig }) {
  usePrefetchedFirstPage(app);
  // Leaving the page (or its crash) ends the server's picture of its first rows too.
  useEffect(() => removePrerenderedPage, []);
  return (
    <Suspense fallback={<LinearProgress aria-label="loading page" />}>
      <pages.SearchPage app={app} />
    </Suspense>
  );
}

/** entry/id/{entryId}/*: the splat carries the tab (overview, files, data, logs, archive) and data paths. */
const entryRoute = (): RouteObject => {
  const { handle } = crumb(
    'Entry',
    'An entry: its metadata, raw files, processed data and processing logs',
    EntryCrumbLabel,
  );
  // Below an upload the upload's crumb is there; elsewhere (a search, the entry's own address) it is added.
  return {
    path: 'entry/id/:entryId/*',
    handle: { ...handle, before: { unless: 'uploadId', Crumb: EntryUploadCrumb } },
    element: <EntryRouteElement />,
  };
};

const uploadRoute = (): RouteObject => ({
  path: 'upload/id/:uploadId',
  ...crumb('Upload', 'An upload: its files, entries, members and publishing', UploadCrumbLabel),
  children: [
    { index: true, element: <pages.UploadPage /> },
    // The overview is the default tab; its explicit path redirects to the upload's base path.
    { path: 'overview', element: <Navigate to=".." relative="path" replace /> },
    { path: 'files/*', element: <pages.UploadPage /> },
    entryRoute(),
    // The overview's stepper holds a file browser whose lanes follow below the upload's base path.
    { path: '*', element: <pages.UploadPage /> },
  ],
});

const datasetRoutes = (): RouteObject[] => [
  {
    path: 'dataset/id/:datasetId',
    ...crumb('Dataset', 'A dataset: a named collection of entries, optionally with a DOI'),
    children: [{ index: true, element: <pages.DatasetPage /> }, entryRoute()],
  },
  { path: 'dataset/doi/*', element: <pages.DatasetDoiLookup /> },
];

/** The sub-routes every list page (uploads, datasets, searches, apps) has below it (spec 1 §2.2). */
const nestedRoutes = (): RouteObject[] => [
  entryRoute(),
  { path: 'entry/query', element: <pages.EntryQueryLookup /> },
  { path: 'entry/pid/:pid/:handle?', element: <pages.EntryPidLookup /> },
  ...datasetRoutes(),
  uploadRoute(),
];

/** A list page at `path` with its nested routes; the page itself is the index route. */
const listPage = (path: string, handle: { handle: RouteHandle }, element: ReactNode): RouteObject => ({
  path,
  ...handle,
  children: [{ index: true, element }, ...nestedRoutes()],
});

/** The complete route table; it depends on the config (apps, NORTH). Paths are below the GUI base path. */
export function createRoutes(env: Env): RouteObject[] {
  const appRoutes = env.apps.map((app) =>
    listPage(app.path, crumb(app.breadcrumb ?? app.label, app.description), <SearchRouteElement app={app} />),
  );
  const analyze: RouteObject[] = [
    {
      path: 'apis',
      ...crumb('APIs', 'The APIs of this installation and how to get an app token'),
      element: <pages.ApisPage />,
    },
    {
      path: 'metainfo/*',
      ...crumb('The NOMAD Metainfo', 'Browse the metadata schemas (the metainfo)'),
      element: <pages.MetainfoPage />,
    },
  ];
  if (env.northEnabled) {
    analyze.push({
      path: 'north/*',
      ...crumb('NOMAD Remote Tools Hub (NORTH)', 'Run analysis tools next to the data'),
      element: <pages.NorthPage />,
    });
  }

  return [
    { path: 'auth/callback', element: <AuthCallbackPage /> },
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/about/information" replace /> },
        // As in NOMAD, entries, datasets and uploads also have paths of their own (a DOI's landing page
        // is dataset/doi/{doi}).
        ...nestedRoutes(),
        {
          path: 'user',
          children: [
            { index: true, element: <Navigate to="/user/uploads" replace /> },
            listPage('uploads', crumb('Your uploads', 'Upload and publish new data'), <pages.UploadsPage />),
            listPage(
              'datasets',
              crumb('Your datasets', 'Manage your datasets and request DOIs'),
              <pages.DatasetsPage />,
            ),
            listPage(
              'search',
              crumb('Search your data', 'Search the data you uploaded or that is shared with you'),
              <pages.UserSearchPage />,
            ),
          ],
        },
        {
          path: 'search',
          children: [{ index: true, element: <Navigate to="/search/entries" replace /> }, ...appRoutes],
        },
        {
          path: 'analyze',
          children: [{ index: true, element: <Navigate to="/analyze/apis" replace /> }, ...analyze],
        },
        {
          path: 'about',
          children: [
            { index: true, element: <Navigate to="/about/information" replace /> },
            {
              path: 'information',
              ...crumb('Information', 'What this installation offers'),
              element: <pages.AboutPage />,
            },
          ],
        },
        {
          path: 'dev',
          children: [
            { path: 'datatable', element: <pages.DevPage name="datatable" /> },
            { path: 'editquantity', element: <pages.DevPage name="editquantity" /> },
            { path: 'plot', element: <pages.DevPage name="plot" /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
