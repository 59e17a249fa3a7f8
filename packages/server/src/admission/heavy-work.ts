import type { OperationName } from '@oasis/schema';

/**
 * Which requests are heavy and how heavy (docs/operations.md, "Admission of heavy requests"). Everything
 * not named here is cheap and never waits: /info, small search pages, single entries, the GUI's files.
 */

/** Rows of a search page above which it is heavy: the GUI's pages have 20 to 100. */
export const HEAVY_PAGE_ROWS = 100;
/** Rows of a search page per unit of weight: a 10,000-row page (NOMAD's largest) weighs 4. */
const ROWS_PER_UNIT = 2500;
/** Archives of an archive query per unit of weight: the largest page (100 archives) weighs 4. */
const ARCHIVES_PER_UNIT = 25;
/** A zip of raw files or archives: read from disk and compressed while it streams. */
const ZIP_WEIGHT = 2;
/** NOMAD's default page size, used when a request names none. */
const DEFAULT_PAGE_SIZE = 10;
/**
 * Buckets (and entries in buckets) of a search's aggregations above which it is heavy: the GUI asks for a
 * few hundred (118 elements, a few terms and histograms of tens), the limits allow 100 x 10,000.
 */
export const HEAVY_AGGREGATION_ROWS = 2000;
/** NOMAD's default buckets of a terms aggregation and entries per bucket. */
const DEFAULT_TERMS_SIZE = 10;

/** The queue a request waits in and its weight in slot units. */
export interface AdmissionClaim {
  queue: 'heavy' | 'passwords';
  weight: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes outside the operation table that hash a password (the identity provider's forms). */
    admission?: 'password';
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const pageSize = (value: unknown): number => {
  const size = typeof value === 'string' ? Number(value) : value;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : DEFAULT_PAGE_SIZE;
};

const page = (rows: number): AdmissionClaim | undefined =>
  rows > HEAVY_PAGE_ROWS ? { queue: 'heavy', weight: Math.ceil(rows / ROWS_PER_UNIT) } : undefined;

/** Rows one aggregation returns: its buckets, and for terms with entries the entries of each bucket. */
const aggregationRows = (aggregation: Record<string, unknown>): number => {
  const terms = record(aggregation.terms);
  if (Object.keys(terms).length > 0) {
    const buckets = pageSize(record(terms.pagination).page_size ?? terms.size ?? DEFAULT_TERMS_SIZE);
    const entries = terms.entries === undefined ? 0 : pageSize(record(terms.entries).size);
    return buckets * (1 + entries);
  }
  for (const kind of ['histogram', 'date_histogram', 'auto_date_histogram']) {
    const histogram = record(aggregation[kind]);
    if (Object.keys(histogram).length > 0) return pageSize(histogram.buckets ?? DEFAULT_TERMS_SIZE);
  }
  return 1;
};

/** A search: heavy for a big page or for aggregations that return many buckets, weighed by the larger. */
const search = (rows: number, aggregations: unknown): AdmissionClaim | undefined => {
  const bucketRows = Object.values(record(aggregations)).reduce<number>(
    (sum, aggregation) => sum + aggregationRows(record(aggregation)),
    0,
  );
  if (bucketRows <= HEAVY_AGGREGATION_ROWS) return page(rows);
  return { queue: 'heavy', weight: Math.ceil(Math.max(rows, bucketRows) / ROWS_PER_UNIT) };
};

const heavy = (weight: number): AdmissionClaim => ({ queue: 'heavy', weight });
const password: AdmissionClaim = { queue: 'passwords', weight: 1 };

/** The claim of an operation-table request, from its validated body and query; undefined when cheap. */
export const operationClaim = (
  operation: OperationName,
  body: unknown,
  query: unknown,
): AdmissionClaim | undefined => {
  switch (operation) {
    case 'entriesQuery':
    case 'materialsQuery':
      return search(pageSize(record(record(body).pagination).page_size), record(body).aggregations);
    case 'entriesByQueryString':
      return page(pageSize(record(query).page_size));
    case 'entriesArchiveQuery':
      return heavy(Math.ceil(pageSize(record(record(body).pagination).page_size) / ARCHIVES_PER_UNIT));
    case 'entriesRawDownload':
    case 'entriesArchiveDownload':
      return heavy(ZIP_WEIGHT);
    case 'entryArchive':
    case 'entryArchiveQuery':
    case 'entryArchiveDownload':
      return heavy(1);
    case 'authToken':
    case 'authTokenByForm':
      return password;
    default:
      return undefined;
  }
};

/** The claim of an identity-provider route marked `admission: 'password'`: a token refresh hashes nothing. */
export const passwordRouteClaim = (body: unknown): AdmissionClaim | undefined => {
  const grant = record(body).grant_type;
  return typeof grant === 'string' && grant !== 'password' ? undefined : password;
};
