import { Alert } from '@mui/material';

/** Shown above the upload while it is processing (spec 3 §2). */
export function ProcessingBanner({ message }: { message?: string | null }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Upload is processing ... {message ?? ''}
    </Alert>
  );
}
