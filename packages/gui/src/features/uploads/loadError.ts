/** Upload load failures: the API message, else the message, else 'Failed to load' (spec 3 §8). */
import { ApiError } from '@oasis/client';
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.apiMessage) return error.apiMessage;
  if (error instanceof Error && error.message) return error.message;
  return 'Failed to load';
}
