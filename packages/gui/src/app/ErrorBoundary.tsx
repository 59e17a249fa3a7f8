import type { ReactNode } from 'react';
import { FailureBoundary } from '../components/FailureBoundary.tsx';
import { CrashMessage } from './CrashMessage.tsx';

/** Catches render crashes outside the router (whose routes have their own error element). */
export const ErrorBoundary = ({ children }: { children: ReactNode }) => (
  <FailureBoundary fallback={(error) => <CrashMessage error={error ?? new Error('Unknown error')} />}>
    {children}
  </FailureBoundary>
);
