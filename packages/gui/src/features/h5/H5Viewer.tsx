import { Alert, Box, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { FailureBoundary } from '../../components/FailureBoundary.tsx';
import type { H5ViewerProps } from './H5WebApp.tsx';
import { H5_UNEXPECTED_ERROR } from './texts.ts';

// @h5web/app and its styles are a chunk of their own, loaded the first time an HDF5 view opens.
const H5WebApp = lazy(() => import('./H5WebApp.tsx').then((m) => ({ default: m.H5WebApp })));

/** Height of the viewer: h5web fills its parent, which needs one. */
const VIEWER_HEIGHT = 500;

/**
 * An HDF5 file of an upload in h5web (spec 3 §4). Lazily loaded; a failure to load or render h5web shows
 * spec 3 §8's text and is reported to `onError` (the file preview falls back to the text viewer).
 */
export function H5Viewer(props: H5ViewerProps & { onError?: () => void }) {
  const { onError, ...viewer } = props;
  return (
    <Box
      data-testid="h5-viewer"
      sx={{ height: VIEWER_HEIGHT, width: '100%', minWidth: 0, position: 'relative' }}
    >
      <FailureBoundary
        key={`${viewer.uploadId}/${viewer.path}`}
        fallback={<Alert severity="error">{H5_UNEXPECTED_ERROR}</Alert>}
        {...(onError ? { onError } : {})}
      >
        <Suspense fallback={<CircularProgress size={20} />}>
          <H5WebApp {...viewer} />
        </Suspense>
      </FailureBoundary>
    </Box>
  );
}
