import { ApiError, BadRequest, OptimadeParseError } from '@oasis/client';

const NOT_A_DOC_QUANTITY = / is not a doc quantity$/;

/** Whether the API refused the request's OPTIMADE filter (a validation item located at optimade_filter). */
const refusesOptimadeFilter = (error: ApiError): boolean => {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  return (
    Array.isArray(detail) &&
    detail.some(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        Array.isArray((item as { loc?: unknown }).loc) &&
        ((item as { loc: unknown[] }).loc.flat() as unknown[]).includes('optimade_filter'),
    )
  );
};

/**
 * Search errors the user can act on, in the words of NOMAD's GUI: a filter that does not parse gets spec 1
 * §8.2's OPTIMADE text; a query on a quantity NOMAD does not index ('... {q} is not a doc quantity') can
 * only be fixed by removing the filter (spec 2 §8).
 */
export function searchError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (refusesOptimadeFilter(error)) return new OptimadeParseError(error.apiMessage ?? error.message);
  if (!error.apiMessage || !NOT_A_DOC_QUANTITY.test(error.apiMessage)) return error;
  const words = error.apiMessage.replace(NOT_A_DOC_QUANTITY, '').trim().split(/\s+/);
  const quantity = (words.at(-1) ?? '').replace(/^['"]|['"]$/g, '');
  return new BadRequest(
    `Could not find definition for the search quantity "${quantity}". Please remove it from the search and try again.`,
    { status: error.status, apiMessage: error.apiMessage, body: error.body },
  );
}
