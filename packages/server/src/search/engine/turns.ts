import { setImmediate } from 'node:timers/promises';

/** Longest stretch of index work without giving the event loop a turn (searches, requests). */
const SLICE_MS = 5;

/**
 * Runs `body` over [0, count) in steps of `step`, calling `turn` after each: the turn taker decides, by the
 * clock, whether the event loop gets a turn then.
 */
export const inSteps = async (
  count: number,
  step: number,
  turn: () => Promise<unknown>,
  body: (from: number, to: number) => void,
): Promise<void> => {
  for (let from = 0; from < count; from += step) {
    body(from, Math.min(count, from + step));
    await turn();
  }
};

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
