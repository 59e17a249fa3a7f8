import { VersionMismatch } from '@oasis/client';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { errorText } from '../core/errorText.ts';

/** What a crashed page shows; a chunk that no longer exists on the server means a newer GUI was deployed. */
export function CrashMessage({ error }: { error: unknown }) {
  const mismatch = error instanceof VersionMismatch;
  return (
    <Box sx={{ p: 4 }}>
      <Alert severity="error">
        <AlertTitle>{mismatch ? errorText(error) : 'There has been a Javascript error.'}</AlertTitle>
        {!mismatch && error instanceof Error ? (
          <Typography variant="body2" component="pre" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
            {error.message}
          </Typography>
        ) : null}
        <Button sx={{ mt: 1 }} variant="outlined" color="inherit" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    </Box>
  );
}
