import { VersionMismatch } from '@oasis/client';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Crash({ error }: { error: unknown }): never {
  throw error;
}

// React reports caught render errors as window errors in development; keep them out of the output.
const quiet = (event: ErrorEvent) => event.preventDefault();

describe('ErrorBoundary', () => {
  beforeEach(() => window.addEventListener('error', quiet));
  afterEach(() => window.removeEventListener('error', quiet));

  it('shows the Javascript-error message instead of a crashed tree', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Crash error={new Error('x is not a function')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('There has been a Javascript error.')).toBeInTheDocument();
    expect(screen.getByText('x is not a function')).toBeInTheDocument();
  });

  it('asks to reload when the GUI version changed', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Crash error={new VersionMismatch('chunk missing')} />
      </ErrorBoundary>,
    );
    expect(
      screen.getByText('There is a new GUI version available. Please press "shift" and reload the page.'),
    ).toBeInTheDocument();
  });
});
