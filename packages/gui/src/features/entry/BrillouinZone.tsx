import { Alert, Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, useMemo } from 'react';
import { CardErrorBoundary } from '../../components/PropertyCard.tsx';
import { NO_WEBGL, hasWebGL } from '../structure/index.ts';
import type { BrillouinZoneData } from './zoneGeometry.ts';

/** Spec 3 §8: the text of a Brillouin zone that cannot be shown. */
export const BRILLOUIN_ZONE_FAILED = 'Could not load Brillouin zone.';

// three.js is large: it loads with the first zone drawn, never with the entry page.
const BrillouinZoneScene = lazy(() =>
  import('./BrillouinZoneScene.tsx').then((module) => ({ default: module.BrillouinZoneScene })),
);

/** The first Brillouin zone with the k-path, turnable; WebGL checked before three loads. */
export function BrillouinZone({ zone, height }: { zone: BrillouinZoneData; height: number }) {
  const webgl = useMemo(hasWebGL, []);
  if (!webgl) return <Alert severity="warning">{NO_WEBGL}</Alert>;
  return (
    <Box sx={{ height }}>
      <CardErrorBoundary message={BRILLOUIN_ZONE_FAILED}>
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading Brillouin zone" />}>
          <BrillouinZoneScene zone={zone} />
        </Suspense>
      </CardErrorBoundary>
    </Box>
  );
}
