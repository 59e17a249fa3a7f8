/**
 * What one search request may cost (ARCHITECTURE.md, "Limits and containment"). The query language's own
 * bounds (nesting, values per criterion, OPTIMADE filters) live in @oasis/schema's query/limits.ts.
 */

/** Buckets of one histogram, date_histogram or auto_date_histogram. */
export const MAX_BUCKETS = 10_000;

/** Buckets of one terms aggregation (`size`, `pagination.page_size`). */
export const MAX_TERMS_SIZE = 10_000;

/** Entries returned with the buckets of one terms aggregation, all buckets together. */
export const MAX_BUCKET_ENTRIES = 10_000;

/** Named aggregations of one request; NOMAD's GUI sends at most about twenty. */
export const MAX_AGGREGATIONS = 100;

/** Metrics of one statistics aggregation. */
export const MAX_METRICS = 20;

/** page x page_size: results deeper than this are reached with page_after_value (as Elasticsearch's window). */
export const MAX_RESULT_WINDOW = 10_000;

/** Criteria of one query after parsing (each free-text word and each existence path counts). */
export const MAX_QUERY_CRITERIA = 1024;

/** Paths of `required.include` and of `required.exclude`, and the characters of each. */
export const MAX_REQUIRED_PATHS = 1000;
export const MAX_REQUIRED_PATH_LENGTH = 1000;

/** Levels and keys of an archive query's `required` tree. */
export const MAX_ARCHIVE_REQUIRED_DEPTH = 100;
export const MAX_ARCHIVE_REQUIRED_KEYS = 1000;
/** Other entries' archives read to resolve one archive's references (include-resolved); more stay unresolved. */
export const MAX_REFERENCED_ARCHIVES = 20;

/** POST suggestions: characters of the input, quantities asked for, values per quantity. */
export const MAX_SUGGESTION_INPUT = 1000;
export const MAX_SUGGESTION_QUANTITIES = 100;
export const MAX_SUGGESTIONS_SIZE = 100;

/** Bytes of a search request body; NOMAD's GUI sends a few kilobytes. */
export const SEARCH_BODY_LIMIT = 1024 * 1024;

/** Default time budget of one search (nomad.yaml `services.search_time_budget_ms`). */
export const DEFAULT_SEARCH_TIME_BUDGET_MS = 10_000;
