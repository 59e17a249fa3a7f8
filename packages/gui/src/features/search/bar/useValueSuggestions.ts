import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { FilterDefinition } from '../context/types.ts';
import type { SearchSuggestion } from './suggestion.ts';
import {
  SUGGESTION_DEBOUNCE_MS,
  SUGGESTION_MAX_WAIT_MS,
  suggestionsRequest,
  valueSuggestions,
} from './suggestions.ts';
import { useDebouncedInput } from './useDebouncedInput.ts';

const none: SearchSuggestion[] = [];

/** Values the server suggests for the typed text (POST suggestions), debounced as spec 1 §5.3 says. */
export function useValueSuggestions(
  input: string,
  definitions: Readonly<Record<string, FilterDefinition>>,
): { suggestions: SearchSuggestion[]; loading: boolean } {
  const api = useApi();
  const debounced = useDebouncedInput(input, SUGGESTION_DEBOUNCE_MS, SUGGESTION_MAX_WAIT_MS);
  const request = suggestionsRequest(debounced, definitions);
  const query = useQuery({
    queryKey: ['suggestions', request],
    queryFn: async ({ signal }) =>
      valueSuggestions(
        request!,
        await api.call('suggestions', { body: request! }, { noLoading: true, signal }),
      ),
    enabled: request !== undefined,
    // Suggestions are a help; when the server cannot give them the bar still works without.
    meta: { silent: true },
    placeholderData: (previous) => previous,
  });
  // Text too short (or cleared) now: the debounced request may still be the previous text's.
  if (!request || !suggestionsRequest(input, definitions)) return { suggestions: none, loading: false };
  return { suggestions: query.data ?? none, loading: query.isFetching };
}
