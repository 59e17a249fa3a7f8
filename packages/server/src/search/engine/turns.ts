import { setImmediate } from 'node:timers/promises';

/** Longest stretch of index work without giving the event loop a turn (searches, requests). */
const SLICE_MS = 5;

/**
 * A check to call often in a long loop: it gives the event loop a turn once the loop has run for
 * `sliceMs` since the last one, and costs a clock read otherwise.
 */
export const turnTaker = (
  pause: () => Promise<unknown> = () => setImmediate(),
  sliceMs = SLICE_MS,
): (() => Promise<void>) => {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await pause();
    since = performance.now();
  };
};
