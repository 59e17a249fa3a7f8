import { LinearProgress } from '@mui/material';
import { useApiLoading } from '../../api/ApiProvider.tsx';

/** On while any counted API request is pending; keeps its height so the layout does not jump. */
export function LoadingBar() {
  const loading = useApiLoading();
  return (
    <LinearProgress
      color="secondary"
      aria-label="loading"
      aria-hidden={!loading}
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 3,
        visibility: loading ? 'visible' : 'hidden',
      }}
    />
  );
}
