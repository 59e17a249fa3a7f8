import { isSuggestion, suggestionKey, type SearchSuggestion } from './suggestion.ts';

/** Search history default size (spec 2 §9). */
export const HISTORY_SIZE = 20;

/** One history per search context: the app path names it. */
export const historyStorageKey = (appPath: string) => `oasis-search-history:${appPath}`;

/** The history after using `suggestion`: it moves to the front, the oldest fall off beyond `size`. */
export function pushHistory(
  history: readonly SearchSuggestion[],
  suggestion: SearchSuggestion,
  size = HISTORY_SIZE,
): SearchSuggestion[] {
  const key = suggestionKey(suggestion);
  const entry: SearchSuggestion = { input: suggestion.input, type: suggestion.type, history: true };
  return [entry, ...history.filter((item) => suggestionKey(item) !== key)].slice(0, size);
}

export function removeFromHistory(history: readonly SearchSuggestion[], key: string): SearchSuggestion[] {
  return history.filter((item) => suggestionKey(item) !== key);
}

/** The stored history; unreadable or foreign data counts as none. */
export function readHistory(storage: Storage | undefined, appPath: string): SearchSuggestion[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(historyStorageKey(appPath)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isSuggestion)
      .slice(0, HISTORY_SIZE)
      .map(({ input, type }) => ({ input, type, history: true }));
  } catch {
    return [];
  }
}

export function writeHistory(
  storage: Storage | undefined,
  appPath: string,
  history: readonly SearchSuggestion[],
): void {
  try {
    const stored = history.map(({ input, type }) => ({ input, type }));
    storage?.setItem(historyStorageKey(appPath), JSON.stringify(stored));
  } catch {
    // A full or disabled storage only costs the history across reloads.
  }
}

/** History entries for the typed text: all when nothing is typed, else those containing it. */
export function historyMatching(history: readonly SearchSuggestion[], input: string): SearchSuggestion[] {
  const text = input.trim().toLowerCase();
  if (text === '') return [...history];
  return history.filter((item) => item.input.toLowerCase().includes(text));
}
