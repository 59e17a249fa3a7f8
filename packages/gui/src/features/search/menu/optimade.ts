import { ApiError } from '@oasis/client';
import type { EntriesQueryRequest } from '@oasis/schema';

/** Typing pauses this long before a filter is verified with the server (spec 2 §9). */
export const OPTIMADE_DEBOUNCE_MS = 500;

type RowStatus = 'empty' | 'checking' | 'valid' | 'invalid';

export interface OptimadeRow {
  text: string;
  status: RowStatus;
  /** The server's parse error for an invalid row. */
  error?: string;
}

/** The body that asks the server only to parse the filter (spec 2 §7). */
export const verifyRequest = (filter: string): EntriesQueryRequest => ({
  owner: 'public',
  query: { optimade_filter: filter },
  verify_only: true,
  pagination: { page_size: 0 },
});

/** The server's words for why a filter does not parse: each error item's msg, else its message. */
export function optimadeError(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = (error.body as { detail?: unknown } | undefined)?.detail;
    if (Array.isArray(detail)) {
      const messages = detail
        .map((item: unknown) =>
          typeof item === 'object' && item !== null ? (item as { msg?: unknown }).msg : item,
        )
        .filter((msg): msg is string => typeof msg === 'string');
      if (messages.length > 0) return messages.join('; ');
    }
    if (error.apiMessage) return error.apiMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

/** One filter for the query: the rows and-ed, each in parentheses when there are several. */
export function combineRows(texts: readonly string[]): string | undefined {
  const filters = texts.map((text) => text.trim()).filter((text) => text.length > 0);
  if (filters.length === 0) return undefined;
  return filters.length === 1 ? filters[0] : filters.map((text) => `(${text})`).join(' AND ');
}
