import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';

/**
 * In global-login mode the content is shown only to logged-in users that the API accepts
 * (`GET users/me`); in the normal mode it renders its children unchanged.
 */
export function GlobalLoginGate({ children }: { children: ReactNode }) {
  const { globalLoginRequired } = useEnv();
  if (!globalLoginRequired) return <>{children}</>;
  return <Gate>{children}</Gate>;
}

function Gate({ children }: { children: ReactNode }) {
  const api = useApi();
  const { user, ready, login, logout } = useAuth();
  const { raiseError } = useErrors();
  const access = useQuery({
    queryKey: ['users', 'me', user?.sub],
    queryFn: () => api.call('usersMe'),
    enabled: user !== undefined,
    retry: false,
    meta: { silent: true },
  });

  if (!ready || (user && access.isPending)) return <LinearProgress />;
  if (!user) {
    return (
      <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Typography>You have to be logged in to use this NOMAD installation.</Typography>
        <Button variant="contained" onClick={() => void login().catch(raiseError)}>
          Login / Register
        </Button>
      </Box>
    );
  }
  if (access.isError) {
    return (
      <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Alert severity="error">
          You are not allowed to access this NOMAD installation. Please logout and try again.
        </Alert>
        <Button variant="outlined" onClick={() => void logout().catch(raiseError)}>
          Logout
        </Button>
      </Box>
    );
  }
  return <>{children}</>;
}
