import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Delays at or above this are listed one by one, with the test that was running. */
const LISTED_DELAY_MS = 100;
const TICK_MS = 10;

/**
 * With OASIS_EVENT_LOOP_REPORT naming a file, watches the event loop from when a test server is up until it
 * is closed (a 10 ms timer measuring how late it fires), and appends the longest delay seen, and each delay
 * of 100 ms or more with the test then running, to that file as one JSON line (docs/security.md). The test's
 * own work shares the thread, so the figure is an upper bound for the server's; start-up is not counted.
 * Without the variable it does nothing.
 */
export const watchEventLoop = (): { stop(): void } => {
  const reportFile = process.env.OASIS_EVENT_LOOP_REPORT;
  if (!reportFile) return { stop: () => undefined };
  const { testPath } = expect.getState();
  const long: Array<{ ms: number; test: string | undefined }> = [];
  let maxMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const delay = now - last - TICK_MS;
    last = now;
    maxMs = Math.max(maxMs, delay);
    if (delay >= LISTED_DELAY_MS)
      long.push({ ms: Math.round(delay), test: expect.getState().currentTestName });
  }, TICK_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      appendFileSync(reportFile, `${JSON.stringify({ file: testPath, maxMs: Math.round(maxMs), long })}\n`);
    },
  };
};
