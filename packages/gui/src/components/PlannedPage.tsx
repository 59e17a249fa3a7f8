import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * An honest stand-in for a screen that is specified but not built yet: says what it will hold and
 * shows no invented data.
 */
export function PlannedPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography component="div" sx={{ mb: 2 }}>
        {children}
      </Typography>
      <Alert severity="info">This page is not available in this version of the installation yet.</Alert>
    </Box>
  );
}
