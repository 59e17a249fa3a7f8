import type { SuggestionType } from './syntaxes.ts';

/** An entry of the search bar's suggestion list (spec 2 §3 "Search suggestion"). */
export interface SearchSuggestion {
  input: string;
  type: SuggestionType;
  /** Whether it comes from the search history. */
  history?: boolean;
}

/** Identifies a suggestion independent of where it comes from (history, server, syntax matching). */
export const suggestionKey = (suggestion: Pick<SearchSuggestion, 'type' | 'input'>): string =>
  `${suggestion.type}:${suggestion.input}`;

const TYPES: readonly string[] = [
  'free_text',
  'equality',
  'range_half_bounded',
  'range_bounded',
  'name',
  'existence',
];

/** Whether stored data is a suggestion; localStorage may hold anything. */
export const isSuggestion = (value: unknown): value is SearchSuggestion =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { input?: unknown }).input === 'string' &&
  TYPES.includes((value as { type?: unknown }).type as string);
