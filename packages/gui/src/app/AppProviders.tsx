import { CssBaseline, ThemeProvider } from '@mui/material';
import type { UserManager } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { ApiProvider } from '../api/ApiProvider.tsx';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import type { Env } from '../core/env.ts';
import { EnvProvider } from '../core/EnvProvider.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ErrorSnackProvider } from '../core/errors.tsx';
import { theme } from './theme.ts';

export interface AppProvidersProps {
  env: Env;
  children: ReactNode;
  /** For tests: replace the identity provider client and the network. */
  userManager?: UserManager;
  fetch?: typeof globalThis.fetch;
}

/** Everything a page needs around it: theme, config, error snackbar, login and API. */
export function AppProviders({ env, children, userManager, fetch }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <EnvProvider env={env}>
          <ErrorSnackProvider>
            <AuthProvider userManager={userManager}>
              <ApiProvider fetch={fetch}>{children}</ApiProvider>
            </AuthProvider>
          </ErrorSnackProvider>
        </EnvProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
