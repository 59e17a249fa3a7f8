import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { CifStructureViewerProps } from './CifStructureViewer.tsx';

const CifStructureViewer = lazy(() =>
  import('./CifStructureViewer.tsx').then((module) => ({ default: module.CifStructureViewer })),
);

/**
 * The CIF preview, loaded on first use: the file browser imports this, not the viewer, so opening a
 * file browser costs nothing until a CIF is previewed.
 */
export function LazyCifStructureViewer(props: CifStructureViewerProps) {
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label="Loading structure viewer" />}>
      <CifStructureViewer {...props} />
    </Suspense>
  );
}
