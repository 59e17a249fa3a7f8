import { optimadeToQuery, QueryError, type QueryNode } from '@oasis/schema';
import type { Queryable } from '../db/database.ts';
import { badRequest, HttpError } from '../errors.ts';
import { checkCriteria } from './check-request.ts';
import type { SearchEngine } from './engine/engine.ts';
import { rowDocuments } from './engine/entry-rows.ts';
import { compileFilter } from './engine/filter.ts';
import { selectPage } from './engine/order.ts';
import { entrySearchQuantities } from './quantities.ts';
import { searchScope } from './search.ts';

/** Entries with a structure are the ones with OPTIMADE fields (processing writes them with the elements). */
const HAS_STRUCTURE: QueryNode = { kind: 'exists', quantity: 'optimade.elements', known: true };

/**
 * An OPTIMADE filter as a query over the entry search quantities; a filter that does not parse, names an
 * unknown property or has too many criteria is a 400 with the parser's line and column, a valid construct
 * this implementation does not offer (an optional feature, mixed types, a property it cannot search) a 501.
 */
export const optimadeFilterQuery = (filter: string): QueryNode => {
  try {
    const node = optimadeToQuery(filter, { quantities: entrySearchQuantities });
    checkCriteria(node);
    return node;
  } catch (error) {
    if (error instanceof QueryError && error.reason === 'unsupported')
      throw new HttpError(501, error.message);
    if (error instanceof QueryError || error instanceof HttpError) throw badRequest(error.message);
    throw error;
  }
};

export interface StructurePageRequest {
  /** The filter's query; undefined matches every structure. */
  query?: QueryNode;
  /** A search quantity to sort by; undefined sorts by entry id. */
  orderBy?: string;
  descending: boolean;
  offset: number;
  limit: number;
}

export interface StructurePage {
  /** Every public structure, whatever the filter. */
  available: number;
  /** The structures the filter matches. */
  returned: number;
  /** The search documents of the page, in order. */
  documents: Record<string, unknown>[];
}

/**
 * A page of the published, embargo-free entries that have a structure (owner `public`, as NOMAD's OPTIMADE
 * API searches), from the search index; `signal` stops the search when the client leaves.
 */
export const searchPublicStructures = async (
  db: Queryable,
  engine: SearchEngine,
  request: StructurePageRequest,
  signal?: AbortSignal,
): Promise<StructurePage> => {
  const scope = await searchScope(engine, undefined, 'public', HAS_STRUCTURE, signal);
  const { index, budget } = scope;
  const matching = request.query
    ? await (
        await compileFilter(index, request.query, budget, scope.aids)
      )(scope.matching, budget)
    : scope.matching;
  const page = await selectPage(
    index,
    matching,
    {
      orderBy: request.orderBy === undefined ? undefined : index.quantities.get(request.orderBy),
      descending: request.descending,
      size: request.limit,
      offset: request.offset,
    },
    budget,
  );
  return {
    available: scope.matching.length,
    returned: matching.length,
    documents: await rowDocuments(db, index, page.rows),
  };
};
