import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useEnv } from '../core/EnvProvider.tsx';

/** 'See the API documentation and the API dashboard.', the closing words of the API dialogs. */
export function ApiDocsLinks() {
  const { apiBase } = useEnv();
  return (
    <>
      See the{' '}
      <Link href={`${apiBase}/docs`} target="_blank" rel="noopener noreferrer">
        API documentation
      </Link>{' '}
      and the{' '}
      <Link component={RouterLink} to="/analyze/apis">
        API dashboard
      </Link>
      .
    </>
  );
}
