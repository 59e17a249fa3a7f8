import type { Owner, SuggestionsRequest, SuggestionsResponse } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import { validationError } from '../errors.ts';
import type { SearchEngine } from './engine/engine.ts';
import { searchScope } from './search.ts';
import { termsBuckets } from './engine/terms.ts';
import { MAX_SUGGESTION_INPUT, MAX_SUGGESTION_QUANTITIES, MAX_SUGGESTIONS_SIZE } from './limits.ts';

/** Suggestions per quantity; the GUI shows five. */
const SUGGESTIONS_SIZE = 10;

const refuse = (loc: string[], msg: string) => validationError([{ loc, msg, type: 'value_error' }]);

/** Input length, number of quantities and sizes within the limits. */
const checkSuggestionsRequest = (request: SuggestionsRequest): void => {
  if (request.input.length > MAX_SUGGESTION_INPUT)
    throw refuse(['body', 'input'], `The input has at most ${MAX_SUGGESTION_INPUT} characters.`);
  if (request.quantities.length > MAX_SUGGESTION_QUANTITIES)
    throw refuse(['body', 'quantities'], `At most ${MAX_SUGGESTION_QUANTITIES} quantities are allowed.`);
  request.quantities.forEach((item, i) => {
    if (typeof item !== 'string' && item.size !== undefined && item.size > MAX_SUGGESTIONS_SIZE)
      throw refuse(
        ['body', 'quantities', String(i), 'size'],
        `At most ${MAX_SUGGESTIONS_SIZE} suggestions per quantity are allowed.`,
      );
  });
};

/** Word starts inside a value: 'GGA_X_PBE_SOL' can be found by 'pbe' and by 'sol'. */
const WORD_START = /[\s_\-.,;:/()[\]]+/;

const matchesInput = (value: string, input: string): boolean => {
  const text = value.toLowerCase();
  const wanted = input.toLowerCase();
  if (text.startsWith(wanted)) return true;
  let from = 0;
  for (const part of text.split(WORD_START)) {
    const at = text.indexOf(part, from);
    if (part && at > 0 && text.startsWith(wanted, at)) return true;
    from = at + part.length;
  }
  return false;
};

/**
 * POST suggestions: for each suggestion-enabled quantity, the values among the entries the caller may see
 * that start with the input or have a word starting with it, weighted by how many entries hold them.
 * Other quantities are ignored.
 */
export const suggest = async (
  engine: SearchEngine,
  user: CurrentUser | undefined,
  request: SuggestionsRequest,
): Promise<SuggestionsResponse> => {
  checkSuggestionsRequest(request);
  // Quantities without suggestions are left out of the answer rather than refused, so a GUI whose
  // metainfo differs from ours still gets the suggestions that exist.
  const wanted = request.quantities
    .map((item) =>
      typeof item === 'string'
        ? { name: item, size: SUGGESTIONS_SIZE }
        : { name: item.name, size: item.size ?? SUGGESTIONS_SIZE },
    )
    .filter(({ name }) => {
      const indexed = engine.index.quantities.get(name);
      return indexed?.quantity.suggestion === true && indexed.quantity.type === 'string';
    });
  const owner: Owner = user ? 'visible' : 'public';
  const scope = await searchScope(engine, user, owner, { kind: 'and', items: [] });
  const response: SuggestionsResponse = {};
  for (const { name, size } of wanted) {
    const indexed = engine.index.quantities.get(name)!;
    const { buckets } = await termsBuckets(
      engine.index,
      indexed,
      scope.matching,
      { quantity: name, size },
      scope.budget,
      (value) => typeof value === 'string' && matchesInput(value, request.input),
    );
    response[name] = buckets.map((bucket) => ({ value: String(bucket.value), weight: bucket.count }));
  }
  return response;
};
