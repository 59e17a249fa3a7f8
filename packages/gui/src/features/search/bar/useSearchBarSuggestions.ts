import { useMemo } from 'react';
import type { FilterDefinition } from '../context/types.ts';
import { historyMatching } from './history.ts';
import { EXISTENCE_QUANTITY, FREE_TEXT_QUANTITY } from './query.ts';
import { suggestionKey, type SearchSuggestion } from './suggestion.ts';
import { nameSuggestions } from './suggestions.ts';
import { matchingSyntaxes, type SyntaxType } from './syntaxes.ts';
import { useValueSuggestions } from './useValueSuggestions.ts';

type Definitions = Readonly<Record<string, FilterDefinition>>;

/** The syntaxes that can be applied in this context: free text and existence need their quantity. */
function usableSyntaxes(allowed: ReadonlySet<SyntaxType>, definitions: Definitions): ReadonlySet<SyntaxType> {
  const usable = new Set(allowed);
  if (!(FREE_TEXT_QUANTITY in definitions)) usable.delete('free_text');
  if (!(EXISTENCE_QUANTITY in definitions)) usable.delete('existence');
  return usable;
}

/**
 * The suggestion list for the typed text: the forms the text itself can be read as, matching history,
 * values from the server, then quantity names. Each query appears once; one from the history keeps
 * its place but is marked as such.
 */
export function useSearchBarSuggestions(
  input: string,
  definitions: Definitions,
  allowed: ReadonlySet<SyntaxType>,
  history: readonly SearchSuggestion[],
): { options: SearchSuggestion[]; loading: boolean } {
  const values = useValueSuggestions(input, definitions);
  const usable = useMemo(() => usableSyntaxes(allowed, definitions), [allowed, definitions]);
  const options = useMemo(() => {
    const typed: SearchSuggestion[] = matchingSyntaxes(input, usable).map((match) => ({
      input: match.normalized,
      type: match.type,
    }));
    const remembered = historyMatching(history, input);
    const rememberedKeys = new Set(remembered.map(suggestionKey));
    const merged = new Map<string, SearchSuggestion>();
    for (const suggestion of [
      ...typed,
      ...remembered,
      ...values.suggestions,
      ...nameSuggestions(input, definitions),
    ]) {
      const key = suggestionKey(suggestion);
      if (merged.has(key)) continue;
      merged.set(key, rememberedKeys.has(key) ? { ...suggestion, history: true } : suggestion);
    }
    return [...merged.values()];
  }, [input, usable, history, values.suggestions, definitions]);
  return { options, loading: values.loading };
}
