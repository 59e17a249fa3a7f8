/**
 * Runs `work` while a 1 ms interval ticks, and counts the ticks (`ticks`: work held on the loop lets none
 * through) and measures the longest gap between them (`longest`, for a report: a busy machine stretches
 * it, so tests assert the count). `ms` is how long `work` took; a rejection is returned as `result`.
 */
export const longestStall = async <T>(
  work: () => Promise<T>,
): Promise<{ result: T | unknown; longest: number; ticks: number; ms: number }> => {
  const started = performance.now();
  let last = started;
  let longest = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    ticks++;
    last = now;
  }, 1);
  try {
    const result = await work().catch((error: unknown) => error);
    const ended = performance.now();
    return { result, longest: Math.max(longest, ended - last), ticks, ms: ended - started };
  } finally {
    clearInterval(timer);
  }
};
