import { ApiError, BadRequest } from '../../../api/errors.ts';

const NOT_A_DOC_QUANTITY = / is not a doc quantity$/;

/**
 * NOMAD answers a query on a quantity it does not index with '... {q} is not a doc quantity'; the user
 * can only fix that by removing the filter (spec 2 §8).
 */
export function searchError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.apiMessage || !NOT_A_DOC_QUANTITY.test(error.apiMessage))
    return error;
  const words = error.apiMessage.replace(NOT_A_DOC_QUANTITY, '').trim().split(/\s+/);
  const quantity = (words.at(-1) ?? '').replace(/^['"]|['"]$/g, '');
  return new BadRequest(
    `Could not find definition for the search quantity "${quantity}". Please remove it from the search and try again.`,
    { status: error.status, apiMessage: error.apiMessage, body: error.body },
  );
}
