import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';

/**
 * While `dirty`, leaving the page asks first: navigation inside the app through the discard dialog, and
 * closing or reloading the tab through the browser's own question. Navigations to a path `stays` accepts
 * (lanes of the same browser) go ahead.
 */
export function useLeaveGuard(dirty: boolean, stays?: (pathname: string) => boolean) {
  const blocker = useBlocker(({ nextLocation }) => dirty && !(stays?.(nextLocation.pathname) ?? false));
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onCancel={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
