import {
  ApiError,
  BadRequest,
  CannotReachApi,
  DoesNotExist,
  NotAuthorized,
  OptimadeParseError,
  VersionMismatch,
} from '@oasis/client';

const PLEASE_RETRY = 'Please try again and let us know, if this error keeps happening.';

/** The snackbar text for an error (spec 1 §8.2). */
export function errorText(error: unknown): string {
  if (typeof error === 'string') {
    return `${error} Please close all NOMAD tabs and try again. Let us know, if this error keeps happening.`;
  }
  if (error instanceof BadRequest || error instanceof NotAuthorized) return error.message;
  if (error instanceof CannotReachApi) return 'Cannot reach NOMAD, please try again later.';
  if (error instanceof DoesNotExist) {
    return `You are trying to access information that does not exist. ${PLEASE_RETRY}`;
  }
  if (error instanceof VersionMismatch) {
    return 'There is a new GUI version available. Please press "shift" and reload the page.';
  }
  if (error instanceof OptimadeParseError) return 'The given OPTiMaDe query can not be parsed.';
  if (error instanceof ApiError && error.status === 422) {
    return `Unexpected api error: ${error.apiMessage ?? error.message}. ${PLEASE_RETRY}`;
  }
  if (error instanceof Error && error.message) return `Unexpected error: "${error.message}". ${PLEASE_RETRY}`;
  return `Unexpected error. ${PLEASE_RETRY}`;
}
