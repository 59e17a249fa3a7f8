import { Alert, Box, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';

/** The shared look of a lookup: loading, then (if nothing was found) a not-found message. */
export function LookupResult({ loading, children }: { loading: boolean; children: ReactNode }) {
  if (loading) return <LinearProgress aria-label="looking up" />;
  return (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <Alert severity="warning">{children}</Alert>
    </Box>
  );
}
