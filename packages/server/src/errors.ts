/** An error that maps to a NOMAD-style `{detail}` response with the given HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
