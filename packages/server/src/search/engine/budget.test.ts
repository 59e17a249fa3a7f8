import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.ts';
import { SearchAborted, SearchBudget } from './budget.ts';
import { selectRows } from './filter.ts';
import { longestStall } from '../../testing/longest-stall.ts';

/** A row test that costs about `us` microseconds, as a query with many criteria does. */
const costly =
  (us: number) =>
  (row: number): boolean => {
    const until = performance.now() + us / 1000;
    while (performance.now() < until);
    return row % 2 === 0;
  };

describe('the time budget of a search', () => {
  it('lets timers run between slices of a long scan, and finishes it', async () => {
    const rows = Int32Array.from({ length: 20_000 }, (_, i) => i);
    const { result, ticks } = await longestStall(() =>
      selectRows(rows, costly(10), new SearchBudget(60_000)),
    );
    expect((result as Int32Array).length).toBe(10_000);
    // About 200 ms of work in slices of ~20 ms: timers run between the slices, however busy the machine
    // (held on the loop, the scan would let none run).
    expect(ticks).toBeGreaterThan(3);
  });

  it('cancels a scan past its deadline with 503, soon after the deadline', async () => {
    const rows = Int32Array.from({ length: 1_000_000 }, (_, i) => i);
    const started = performance.now();
    const { result, ticks } = await longestStall(() => selectRows(rows, costly(10), new SearchBudget(150)));
    const took = performance.now() - started;
    expect(result).toBeInstanceOf(HttpError);
    expect((result as HttpError).statusCode).toBe(503);
    expect((result as HttpError).detail).toContain('time budget of 150 ms');
    // Ten seconds of work (each row waits 10 µs of wall time), stopped at 150 ms plus one slice: far
    // less than the whole, and in slices (a scan held on the loop would let no tick through; a busy
    // machine fits fewer slices into the 150 ms, so no more than one is asked for).
    expect(took).toBeLessThan(5000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('stops a scan at its next check once its signal aborts', async () => {
    const rows = Int32Array.from({ length: 1_000_000 }, (_, i) => i);
    const client = new AbortController();
    const budget = new SearchBudget(60_000, client.signal);
    // The abort comes from outside, as a closed connection does: while the scan gives the loop away.
    const timer = setTimeout(() => client.abort(), 50);
    const started = performance.now();
    const result = await selectRows(rows, costly(10), budget).catch((error: unknown) => error);
    clearTimeout(timer);
    expect(result).toBeInstanceOf(SearchAborted);
    expect((result as SearchAborted).checks).toBe(budget.checks);
    // Ten seconds of work, stopped at 50 ms plus one slice: far less than the whole.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(budget.checks).toBeLessThan(rows.length / 128 / 10);
  });
});
