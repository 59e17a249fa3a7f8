export interface DetailItem {
  loc: string[];
  msg: string;
  type: string;
  /** FastAPI's context of the failed check, e.g. `{ limit_value }`, which NOMAD's GUI reads. */
  ctx?: Record<string, unknown>;
}

/** An error that maps to a NOMAD-style `{detail}` response with the given HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | DetailItem[],
    /** Sent along with the error body (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((item) => item.msg).join('; '));
  }
}

/** NOMAD reports request problems as FastAPI-style 422 items. */
export const validationError = (items: DetailItem[]) => new HttpError(422, items);

export const notFound = (detail: string) => new HttpError(404, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'retry-after': String(retryAfterSeconds) });
