import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useErrors } from '../core/errors.tsx';
import { useAuth } from './AuthProvider.tsx';

/** Target of the identity provider's redirect: exchanges the code for tokens and returns to the page. */
export function AuthCallbackPage() {
  const { completeLogin } = useAuth();
  const { raiseError } = useErrors();
  const navigate = useNavigate();
  // The code can be exchanged only once; StrictMode runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // navigate's promise only reports when the router settled; there is nothing to wait for.
    completeLogin()
      .then((returnTo) => {
        if (returnTo) void navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        raiseError(error);
        void navigate('/about/information', { replace: true });
      });
  }, [completeLogin, navigate, raiseError]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
      <CircularProgress size={24} />
      <Typography>Signing in...</Typography>
    </Box>
  );
}
