/**
 * Runs `work` while a 1 ms interval ticks, and measures the longest gap between ticks: how long the event
 * loop was held. `ms` is how long `work` took; a rejection is returned as `result`, not thrown.
 */
export const longestStall = async <T>(
  work: () => Promise<T>,
): Promise<{ result: T | unknown; longest: number; ms: number }> => {
  const started = performance.now();
  let last = started;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const result = await work().catch((error: unknown) => error);
    const ended = performance.now();
    return { result, longest: Math.max(longest, ended - last), ms: ended - started };
  } finally {
    clearInterval(timer);
  }
};
