import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { Upload } from '@oasis/schema';
import { entryCountsText, processStatusText, type EntryCounts } from './processStatus.ts';

export interface ProcessingStatusProps {
  upload: Pick<Upload, 'process_running' | 'process_status' | 'errors' | 'last_status_message'>;
  counts?: EntryCounts;
}

/** The processing line of the 'Process data' step (spec 3 §4). */
export function ProcessingStatus({ upload, counts }: ProcessingStatusProps) {
  const failed = upload.process_status === 'FAILURE';
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {upload.process_running ? <CircularProgress size={16} /> : null}
        <Typography color={failed ? 'error' : undefined}>{processStatusText(upload)}</Typography>
        {counts ? (
          <Typography variant="body2" color="text.secondary">
            {entryCountsText(counts)}
          </Typography>
        ) : null}
      </Stack>
      {upload.last_status_message ? (
        <Typography variant="body2" color="text.secondary">
          {upload.last_status_message}
        </Typography>
      ) : null}
      {failed && upload.errors.length > 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {upload.errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </Alert>
      ) : null}
    </Box>
  );
}
