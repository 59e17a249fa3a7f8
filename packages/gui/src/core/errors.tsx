import { ApiError, DoesNotExist } from '@oasis/client';
import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { errorText } from './errorText.ts';

export interface RaiseErrorOptions {
  /**
   * The error concerns an upload whose deletion was requested: a not-found error is then the expected
   * outcome and is not shown (spec 1 §4).
   */
  deletionRequested?: boolean;
}

export interface Errors {
  raiseError(error: unknown, options?: RaiseErrorOptions): void;
}

const ErrorsContext = createContext<Errors | undefined>(undefined);

interface Message {
  id: number;
  text: string;
}

/** Shows errors one at a time in a bottom-left snackbar; closing one shows the next queued one. */
export function ErrorSnackProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Message[]>([]);

  const raiseError = useCallback((error: unknown, options: RaiseErrorOptions = {}) => {
    if (options.deletionRequested && error instanceof DoesNotExist) return;
    const text = errorText(error);
    // Programming errors (not API answers) are also logged so that their stack trace is not lost.
    if (error instanceof Error && !(error instanceof ApiError)) console.error(error);
    setQueue((current) =>
      // The same text already queued or showing is not stacked a second time.
      current.some((message) => message.text === text)
        ? current
        : [...current, { id: (current.at(-1)?.id ?? 0) + 1, text }],
    );
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setQueue((current) => current.slice(1));
  }, []);

  const value = useMemo(() => ({ raiseError }), [raiseError]);
  const current = queue[0];

  return (
    <ErrorsContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.id}
        open={current !== undefined}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        onClose={close}
      >
        <Alert severity="error" variant="filled" onClose={close} sx={{ maxWidth: 600 }}>
          {current?.text}
        </Alert>
      </Snackbar>
    </ErrorsContext.Provider>
  );
}

export function useErrors(): Errors {
  const errors = useContext(ErrorsContext);
  if (!errors) throw new Error('useErrors must be used inside an ErrorSnackProvider');
  return errors;
}
