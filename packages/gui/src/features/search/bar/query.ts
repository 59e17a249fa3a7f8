import { BAND_GAP_SECTION } from '@oasis/schema';
import type { FilterDefinition, FilterValue, RangeValue } from '../context/types.ts';
import {
  matchSyntax,
  SYNTAX_ORDER,
  type MatchedSyntax,
  type RangeOperator,
  type SyntaxType,
} from './syntaxes.ts';
import { parseEqualityValue, parseRangeValue, type BareUnitOf } from './values.ts';

/** The quantity NOMAD's free-text queries search in. */
export const FREE_TEXT_QUANTITY = 'text_search_contents';
/** The quantity listing the metainfo paths an entry has values for; existence queries filter on it. */
export const EXISTENCE_QUANTITY = 'quantities';

const UNSUPPORTED_QUERY = 'Unsupported query';
const SECTION_TARGET = 'Cannot target metainfo sections';
const unsupportedQuantity = (name: string) => `The quantity '${name}' is not supported`;
const invalidValue = (name: string) => `Invalid value for the metainfo ${name}. Please check your syntax.`;

export interface QueryContext {
  definitions: Readonly<Record<string, FilterDefinition>>;
  /** Syntaxes the app allows (its search_syntaxes minus exclude). */
  allowed: ReadonlySet<SyntaxType>;
  /** The unit a number without unit is read in (the displayed one); by default the stored unit. */
  bareUnitOf?: BareUnitOf;
}

/** A search-bar query ready to be applied: the filter it sets and how the input is remembered. */
export interface ParsedQuery {
  type: SyntaxType;
  quantity: string;
  value: FilterValue;
  /** The input with the spacing normalised, as it goes into the history. */
  input: string;
}

export type ParseResult = { query: ParsedQuery; error?: undefined } | { error: string; query?: undefined };

const opNames: Record<RangeOperator, keyof RangeValue> = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };
// The bound seen from the other side: '5 < x' is 'x > 5'.
const flipped: Record<RangeOperator, RangeOperator> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
const ascending = (op: RangeOperator) => op === '<' || op === '<=';

/**
 * Search quantities the server lists (as NOMAD does) but processing never fills, with the ones holding
 * their values: entries' band gaps are in the band-structure section (schema's band-gap.ts), so a query
 * on the entry-level band gap would always find nothing.
 */
const UNFILLED_SECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['results.properties.electronic.band_gap', BAND_GAP_SECTION],
];

/** The quantity a query on `name` searches: the one holding the values where `name` is never filled. */
function searchedName(name: string, definitions: QueryContext['definitions']): string {
  for (const [unfilled, filled] of UNFILLED_SECTIONS) {
    if (name !== unfilled && !name.startsWith(`${unfilled}.`)) continue;
    const replacement = filled + name.slice(unfilled.length);
    if (replacement in definitions || isSection(replacement, definitions)) return replacement;
  }
  return name;
}

function isSection(name: string, definitions: QueryContext['definitions']): boolean {
  return Object.keys(definitions).some((quantity) => quantity.startsWith(`${name}.`));
}

function isKnown(name: string, definitions: QueryContext['definitions']): boolean {
  const searched = searchedName(name, definitions);
  return searched in definitions || isSection(searched, definitions);
}

// Numbers (with or without unit) and dates start with a digit, a sign or a decimal point.
const looksNumeric = (text: string) => /^[+-]?\.?\d/.test(text);

/** The definition a query targets, or the error naming why it cannot be targeted. */
function targetOf(
  name: string,
  definitions: QueryContext['definitions'],
): { definition: FilterDefinition } | { error: string } {
  const searched = searchedName(name, definitions);
  const definition = definitions[searched];
  if (definition) return { definition };
  return { error: isSection(searched, definitions) ? SECTION_TARGET : unsupportedQuantity(name) };
}

/** Parses `value` for the definition; a value that does not fit gives the search bar's message. */
function withValue(
  definition: FilterDefinition,
  parse: () => FilterValue,
  type: SyntaxType,
  input: string,
): ParseResult {
  try {
    return { query: { type, quantity: definition.quantity, value: parse(), input } };
  } catch {
    return { error: invalidValue(definition.quantity) };
  }
}

function parseMatched(match: MatchedSyntax, { definitions, bareUnitOf }: QueryContext): ParseResult {
  switch (match.type) {
    case 'existence': {
      if (!(EXISTENCE_QUANTITY in definitions)) return { error: UNSUPPORTED_QUERY };
      if (!isKnown(match.path, definitions)) return { error: unsupportedQuantity(match.path) };
      const value = [searchedName(match.path, definitions)];
      return { query: { type: match.type, quantity: EXISTENCE_QUANTITY, value, input: match.normalized } };
    }
    case 'equality': {
      const target = targetOf(match.target, definitions);
      if ('error' in target) return target;
      const { definition } = target;
      return withValue(
        definition,
        () => [parseEqualityValue(match.value, definition, bareUnitOf)],
        match.type,
        match.normalized,
      );
    }
    case 'range_half_bounded': {
      // The side naming a quantity is the target; failing that, the numeric side is the value.
      const rightIsTarget =
        !isKnown(match.left, definitions) &&
        (isKnown(match.right, definitions) || (looksNumeric(match.left) && !looksNumeric(match.right)));
      const [name, text, op] = rightIsTarget
        ? [match.right, match.left, flipped[match.op]]
        : [match.left, match.right, match.op];
      const target = targetOf(name, definitions);
      if ('error' in target) return target;
      const { definition } = target;
      return withValue(
        definition,
        () => ({ [opNames[op]]: parseRangeValue(text, definition, bareUnitOf) }),
        match.type,
        match.normalized,
      );
    }
    case 'range_bounded': {
      // 'a < x < b' and 'b > x > a' are both fine; '1 < x > 2' bounds nothing.
      if (ascending(match.lowerOp) !== ascending(match.upperOp)) return { error: UNSUPPORTED_QUERY };
      const target = targetOf(match.target, definitions);
      if ('error' in target) return target;
      const { definition } = target;
      const first = flipped[match.lowerOp];
      return withValue(
        definition,
        () => ({
          [opNames[first]]: parseRangeValue(match.lower, definition, bareUnitOf),
          [opNames[match.upperOp]]: parseRangeValue(match.upper, definition, bareUnitOf),
        }),
        match.type,
        match.normalized,
      );
    }
    case 'free_text': {
      if (!(FREE_TEXT_QUANTITY in definitions)) return { error: UNSUPPORTED_QUERY };
      const value = [match.text];
      return { query: { type: match.type, quantity: FREE_TEXT_QUANTITY, value, input: match.normalized } };
    }
  }
}

/**
 * Reads a search-bar input: as `type` if given (a chosen suggestion), else as the most specific allowed
 * syntax it has the form of. Input of no allowed form is an 'Unsupported query'.
 */
export function parseSearchQuery(input: string, context: QueryContext, type?: SyntaxType): ParseResult {
  const types = type ? [type] : SYNTAX_ORDER;
  for (const candidate of types) {
    if (!context.allowed.has(candidate)) continue;
    const match = matchSyntax(input, candidate);
    if (match) return parseMatched(match, context);
  }
  return { error: UNSUPPORTED_QUERY };
}

/**
 * The filter value after applying a query to the current one: chosen values are added to those of a
 * quantity that takes several; ranges and single values replace the old value.
 */
export function mergedValue(
  current: FilterValue | undefined,
  query: ParsedQuery,
  definition: FilterDefinition | undefined,
): FilterValue {
  const { value } = query;
  if (!Array.isArray(value) || !Array.isArray(current) || !definition?.multiple) return value;
  const merged = [...(current as readonly (string | number | boolean)[])];
  for (const item of value as readonly (string | number | boolean)[])
    if (!merged.includes(item)) merged.push(item);
  return merged;
}
