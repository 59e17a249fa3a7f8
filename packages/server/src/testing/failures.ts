import { HttpError } from '../errors.ts';

/** The HTTP status and detail a service call fails with; anything but an HttpError fails the test. */
export const failure = async (call: Promise<unknown>) => {
  const error: unknown = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, detail: error.detail };
};
