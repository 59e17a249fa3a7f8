import type { Aggregation, EntriesQueryRequest, QueryNode } from '@oasis/schema';
import { validationError } from '../errors.ts';
import { FREE_TEXT, wordsOf } from './engine/free-text.ts';
import {
  MAX_AGGREGATIONS,
  MAX_BUCKET_ENTRIES,
  MAX_METRICS,
  MAX_QUERY_CRITERIA,
  MAX_REQUIRED_PATH_LENGTH,
  MAX_REQUIRED_PATHS,
  MAX_RESULT_WINDOW,
  MAX_TERMS_SIZE,
} from './limits.ts';

const refuse = (loc: string[], msg: string) => validationError([{ loc, msg, type: 'value_error' }]);

const isWhole = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * Pagination of entries and materials queries, also for GET /entries whose parameters no schema checks:
 * whole numbers, and a result window of page x page_size within MAX_RESULT_WINDOW (cursors go further).
 */
export const checkPagination = (pagination: EntriesQueryRequest['pagination']): void => {
  if (!pagination) return;
  const loc = (key: string) => ['body', 'pagination', key];
  const { page_size: pageSize, page, order, page_after_value: after } = pagination;
  if (pageSize !== undefined && !isWhole(pageSize, 0, MAX_RESULT_WINDOW))
    throw refuse(loc('page_size'), `page_size must be a whole number from 0 to ${MAX_RESULT_WINDOW}.`);
  if (page !== undefined && page !== null && !isWhole(page, 1, Number.MAX_SAFE_INTEGER))
    throw refuse(loc('page'), 'page must be a whole number from 1.');
  if (order !== undefined && order !== 'asc' && order !== 'desc')
    throw refuse(loc('order'), 'order must be asc or desc.');
  if (page && !after) {
    const window = page * (pageSize ?? 10);
    if (window > MAX_RESULT_WINDOW)
      throw refuse(
        loc('page'),
        `The result window page x page_size = ${window} is larger than ${MAX_RESULT_WINDOW}; ` +
          'go further with page_after_value (the next_page_after_value of the previous page).',
      );
  }
};

type Config = Record<string, unknown> | undefined;

const termsChecks = (name: string, terms: Config): void => {
  if (!terms) return;
  const loc = (...keys: string[]) => ['body', 'aggregations', name, 'terms', ...keys];
  const pagination = terms.pagination as Config;
  const size = terms.size as number | undefined;
  if (size !== undefined && size > MAX_TERMS_SIZE)
    throw refuse(loc('size'), `A terms aggregation has at most ${MAX_TERMS_SIZE} buckets; size is ${size}.`);
  const pageSize = pagination?.page_size as number | undefined;
  if (pageSize !== undefined && pageSize > MAX_TERMS_SIZE)
    throw refuse(
      loc('pagination', 'page_size'),
      `A terms aggregation has at most ${MAX_TERMS_SIZE} buckets; page_size is ${pageSize}.`,
    );
  const entries = terms.entries as Config;
  if (entries) {
    checkRequired(entries.required as EntriesQueryRequest['required'], loc('entries', 'required'));
    const buckets = (pagination ? (pageSize ?? size) : size) ?? 10;
    const total = buckets * ((entries.size as number | undefined) ?? 10);
    if (total > MAX_BUCKET_ENTRIES)
      throw refuse(
        loc('entries', 'size'),
        `The buckets would return ${total} entries; at most ${MAX_BUCKET_ENTRIES} are allowed ` +
          '(buckets x entries.size).',
      );
  }
};

/** Aggregations of an entries or materials query: how many, and the sizes no histogram check covers. */
export const checkAggregations = (aggregations: Record<string, Aggregation> | undefined): void => {
  if (!aggregations) return;
  const names = Object.keys(aggregations);
  if (names.length > MAX_AGGREGATIONS)
    throw refuse(
      ['body', 'aggregations'],
      `The request has ${names.length} aggregations; at most ${MAX_AGGREGATIONS} are allowed.`,
    );
  for (const name of names) {
    const aggregation = aggregations[name] as Record<string, Config>;
    termsChecks(name, aggregation.terms);
    const metrics = aggregation.statistics?.metrics;
    if (Array.isArray(metrics) && metrics.length > MAX_METRICS)
      throw refuse(
        ['body', 'aggregations', name, 'statistics', 'metrics'],
        `A statistics aggregation has at most ${MAX_METRICS} metrics.`,
      );
  }
};

/** `required` of an entries query (or of a terms aggregation's entries): how many paths, how long. */
export const checkRequired = (
  required: EntriesQueryRequest['required'],
  loc: string[] = ['body', 'required'],
): void => {
  for (const key of ['include', 'exclude'] as const) {
    const paths = required?.[key];
    if (!paths) continue;
    if (paths.length > MAX_REQUIRED_PATHS)
      throw refuse([...loc, key], `At most ${MAX_REQUIRED_PATHS} paths are allowed.`);
    if (paths.some((path) => path.length > MAX_REQUIRED_PATH_LENGTH))
      throw refuse([...loc, key], `A path has at most ${MAX_REQUIRED_PATH_LENGTH} characters.`);
  }
};

/** Criteria of a parsed query: each costs a test per row, and text criteria a scan of a dictionary. */
const criteria = (node: QueryNode): number => {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.reduce((sum, item) => sum + criteria(item), 0);
    case 'not':
    case 'nested':
      return criteria(node.item);
    case 'match':
      if (node.quantity === FREE_TEXT)
        return node.values.reduce<number>(
          (sum, value) => sum + Math.max(1, wordsOf(String(value)).length),
          0,
        );
      // Existence queries test every quantity under each path.
      return node.quantity === 'quantities' ? Math.max(1, node.values.length) : 1;
    default:
      return 1;
  }
};

/** Refuses queries with more than MAX_QUERY_CRITERIA criteria (the parser has bounded their depth). */
export const checkCriteria = (node: QueryNode): void => {
  const count = criteria(node);
  if (count > MAX_QUERY_CRITERIA)
    throw refuse(
      ['body', 'query'],
      `The query has ${count} criteria; at most ${MAX_QUERY_CRITERIA} are allowed.`,
    );
};
