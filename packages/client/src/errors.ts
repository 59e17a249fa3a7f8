/**
 * Error classes by HTTP status (spec 1 §8.1). The snackbar (app/errors.tsx) chooses its text by class, so
 * callers can `instanceof`-check instead of comparing status numbers.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status, undefined when no response was received. */
  readonly status: number | undefined;
  /** The API's own message (message, description or detail) without the status suffix. */
  readonly apiMessage: string | undefined;
  /** The raw error body, for callers that need further fields. */
  readonly body: unknown;

  constructor(message: string, options: { status?: number; apiMessage?: string; body?: unknown } = {}) {
    super(message);
    this.status = options.status;
    this.apiMessage = options.apiMessage;
    this.body = options.body;
  }
}

export class DoesNotExist extends ApiError {
  override name = 'DoesNotExist';
}
export class NotAuthorized extends ApiError {
  override name = 'NotAuthorized';
}
export class BadRequest extends ApiError {
  override name = 'BadRequest';
}
export class CannotReachApi extends ApiError {
  override name = 'CannotReachApi';
}

/** The server runs a newer GUI than the one loaded (e.g. code-split chunks of this build are gone). */
export class VersionMismatch extends Error {
  override name = 'VersionMismatch';
}

/** An OPTiMaDe filter the user typed could not be parsed. */
export class OptimadeParseError extends Error {
  override name = 'OptimadeParseError';
}

interface DetailItem {
  loc?: unknown;
  msg?: unknown;
}

/** NOMAD bodies carry `message`, `description` or `detail`; detail may be FastAPI validation items. */
function apiMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, description, detail } = body as Record<string, unknown>;
  for (const candidate of [message, description, detail]) {
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
    if (Array.isArray(candidate) && candidate.length > 0) {
      return candidate
        .map((item: DetailItem | string) => {
          if (typeof item === 'string') return item;
          const loc = Array.isArray(item.loc) ? item.loc.flat().join('.') : undefined;
          const msg = typeof item.msg === 'string' ? item.msg : JSON.stringify(item);
          return loc ? `${loc}: ${msg}` : msg;
        })
        .join('; ');
    }
  }
  return undefined;
}

/** Builds the error for a non-2xx response: message is the API message plus ' (status)'. */
export function errorForResponse(status: number, statusText: string, body: unknown): ApiError {
  const apiMessage = apiMessageOf(body);
  const message = `${apiMessage ?? (statusText || 'Request failed')} (${status})`;
  const options = { status, apiMessage, body };
  switch (status) {
    case 404:
      return new DoesNotExist(message, options);
    case 401:
      return new NotAuthorized(message, options);
    case 400:
      return new BadRequest(message, options);
    case 502:
      return new CannotReachApi(message, options);
    default:
      return new ApiError(message, options);
  }
}
