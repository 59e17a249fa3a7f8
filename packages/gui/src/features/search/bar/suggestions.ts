import type { SuggestionsRequest, SuggestionsResponse } from '@oasis/schema';
import type { FilterDefinition } from '../context/types.ts';
import type { SearchSuggestion } from './suggestion.ts';

/** Quantities the search bar asks value suggestions for (spec 2 §9), in the order they are listed. */
const SEARCH_BAR_QUANTITIES: readonly string[] = [
  'results.material.elements',
  'results.material.chemical_formula_hill',
  'results.material.chemical_formula_anonymous',
  'results.material.structural_type',
  'results.material.symmetry.structure_name',
  'results.method.simulation.program_name',
  'authors.name',
];

/** Suggestions are asked for from this many typed characters on (spec 1 §5.3). */
const MIN_SUGGESTION_INPUT = 2;
export const SUGGESTION_DEBOUNCE_MS = 150;
export const SUGGESTION_MAX_WAIT_MS = 300;
/** Suggestions per quantity (spec 2 §9). */
const SUGGESTIONS_PER_QUANTITY = 5;

type Definitions = Readonly<Record<string, FilterDefinition>>;

/** The search bar asks by quantity name only (the API also takes `{name, size}`). */
type BarSuggestionsRequest = Omit<SuggestionsRequest, 'quantities'> & { quantities: string[] };

const canSuggest = (quantity: string, definitions: Definitions) => definitions[quantity]?.suggestion === true;

/**
 * What to ask the server for the typed text, or undefined when it is too short. 'quantity = val' with a
 * quantity that has suggestions asks for values of that quantity only.
 */
export function suggestionsRequest(
  input: string,
  definitions: Definitions,
): BarSuggestionsRequest | undefined {
  const text = input.trim();
  const eq = /^([^=<>]+?)\s*=\s*([^=<>]*)$/.exec(text);
  if (eq && canSuggest(eq[1]!, definitions)) {
    const value = eq[2]!.trim();
    return value.length >= MIN_SUGGESTION_INPUT ? { input: value, quantities: [eq[1]!] } : undefined;
  }
  if (text.length < MIN_SUGGESTION_INPUT || /[=<>]/.test(text)) return undefined;
  const quantities = SEARCH_BAR_QUANTITIES.filter((quantity) => canSuggest(quantity, definitions));
  return quantities.length > 0 ? { input: text, quantities } : undefined;
}

/** The server's values as equality queries: per quantity in request order, the heaviest first. */
export function valueSuggestions(
  request: BarSuggestionsRequest,
  response: SuggestionsResponse,
): SearchSuggestion[] {
  return request.quantities.flatMap((quantity) =>
    [...(response[quantity] ?? [])]
      .filter((item) => typeof item.value === 'string' && item.value !== '')
      .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))
      .slice(0, SUGGESTIONS_PER_QUANTITY)
      .map((item) => ({ input: `${quantity} = ${item.value}`, type: 'equality' as const })),
  );
}

/**
 * Names of the app's quantities that contain the typed text, those with a path segment starting with
 * it first, then the shorter names.
 */
export function nameSuggestions(input: string, definitions: Definitions): SearchSuggestion[] {
  const text = input.trim().toLowerCase();
  if (text.length < MIN_SUGGESTION_INPUT || /[=<>]/.test(text)) return [];
  const rank = (name: string) => {
    const lower = name.toLowerCase();
    if (!lower.includes(text)) return undefined;
    return lower.split('.').some((segment) => segment.startsWith(text)) ? 0 : 1;
  };
  return Object.keys(definitions)
    .flatMap((name) => {
      const r = rank(name);
      return r === undefined ? [] : [{ name, r }];
    })
    .sort((a, b) => a.r - b.r || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, SUGGESTIONS_PER_QUANTITY)
    .map(({ name }) => ({ input: name, type: 'name' as const }));
}
