import { Alert } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LOAD_FAILED } from './limits.ts';

/** A crash in loading or drawing the structure replaces only the viewer (spec 3 §8). */
export class ViewerErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <Alert severity="error">{LOAD_FAILED}</Alert>;
    return this.props.children;
  }
}
