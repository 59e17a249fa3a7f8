import { useCallback, useMemo, useState } from 'react';
import { pushHistory, readHistory, removeFromHistory, writeHistory } from './history.ts';
import type { SearchSuggestion } from './suggestion.ts';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export interface SearchHistory {
  /** Most recent first. */
  items: readonly SearchSuggestion[];
  push(suggestion: SearchSuggestion): void;
  remove(key: string): void;
}

/** The search-suggestion history of one search context, kept in localStorage under the app path. */
export function useSearchHistory(appPath: string): SearchHistory {
  const [state, setState] = useState(() => ({ appPath, items: readHistory(storage(), appPath) }));
  // Another app (another context) reads its own history.
  const current = state.appPath === appPath ? state : { appPath, items: readHistory(storage(), appPath) };
  if (current !== state) setState(current);

  const update = useCallback(
    (change: (items: readonly SearchSuggestion[]) => SearchSuggestion[]) =>
      setState((previous) => {
        const items = change(previous.items);
        writeHistory(storage(), previous.appPath, items);
        return { appPath: previous.appPath, items };
      }),
    [],
  );
  const push = useCallback(
    (suggestion: SearchSuggestion) => update((items) => pushHistory(items, suggestion)),
    [update],
  );
  const remove = useCallback((key: string) => update((items) => removeFromHistory(items, key)), [update]);
  const items = current.items;
  return useMemo(() => ({ items, push, remove }), [items, push, remove]);
}
