import { Alert } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { renderFailedText } from './texts.ts';

interface State {
  failed: boolean;
}

/** Keeps a crashing lane (e.g. a viewer fed a bad file) from taking the whole browser down. */
export class LaneErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <Alert severity="error">{renderFailedText}</Alert>;
    return this.props.children;
  }
}
