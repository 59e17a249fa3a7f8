import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useDebouncedInput } from '../bar/useDebouncedInput.ts';
import type { FilterDefinition } from '../context/index.ts';

/** Suggestions need 2 typed characters, debounced 150 ms with at most 300 ms wait (spec 1 §5.3). */
const MIN_INPUT = 2;
const DEBOUNCE_MS = 150;
const MAX_WAIT_MS = 300;
/** Aggregation size for quantity suggestions (spec 2 §9). */
const SUGGESTIONS = 5;

/**
 * Values for a terms filter's input: enumeration values that contain the text (one character suffices
 * when all values are at most two characters long), or the server's suggestions for the quantity.
 */
export function useTermSuggestions(
  input: string,
  definition: FilterDefinition,
): { options: string[]; loading: boolean } {
  const api = useApi();
  const text = useDebouncedInput(input.trim(), DEBOUNCE_MS, MAX_WAIT_MS);
  const enumValues = definition.options;
  const short = enumValues?.every((value) => value.length <= 2) ?? false;
  const remote = !enumValues && definition.suggestion && text.length >= MIN_INPUT;
  const query = useQuery({
    queryKey: ['suggestions', definition.quantity, text],
    queryFn: ({ signal }) =>
      api.call(
        'suggestions',
        { body: { input: text, quantities: [definition.quantity] } },
        { noLoading: true, signal },
      ),
    enabled: remote,
    meta: { silent: true },
  });
  if (enumValues) {
    if (text.length < (short ? 1 : MIN_INPUT)) return { options: [], loading: false };
    const lower = text.toLowerCase();
    return { options: enumValues.filter((value) => value.toLowerCase().includes(lower)), loading: false };
  }
  if (!remote) return { options: [], loading: false };
  const values = [...(query.data?.[definition.quantity] ?? [])]
    .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))
    .map((item) => item.value)
    .filter((value) => typeof value === 'string' && value !== '')
    .slice(0, SUGGESTIONS);
  return { options: values, loading: query.isFetching };
}
