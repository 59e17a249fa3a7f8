import { Alert } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface FailureBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children once they threw while rendering (a function gets the error). */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  /** Told once the children threw (e.g. to fall back to another viewer). */
  onError?: () => void;
}

/**
 * Contains a render crash to the part of the page that crashed: a card, a lane, a viewer. Give it a new
 * `key` to try the children again.
 */
export class FailureBoundary extends Component<FailureBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}

/** A failure boundary whose fallback is an error alert with `message`. */
export const FailureAlertBoundary = ({ message, children }: { message: string; children: ReactNode }) => (
  <FailureBoundary fallback={<Alert severity="error">{message}</Alert>}>{children}</FailureBoundary>
);
