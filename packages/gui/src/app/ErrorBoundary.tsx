import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashMessage } from './CrashMessage.tsx';

interface State {
  error: unknown;
}

/** Catches render crashes outside the router (whose routes have their own error element). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error !== undefined) return <CrashMessage error={this.state.error} />;
    return this.props.children;
  }
}
