import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpError } from '../../errors.ts';

/** Loop iterations between two looks at the clock; a look costs tens of nanoseconds. */
export const CHECK_EVERY = 128;

/** How long a search runs before it lets other requests and timers have the event loop. */
const SLICE_MS = 20;

/**
 * The time a search may take, and its share of the event loop. Hot loops call `due()` every CHECK_EVERY
 * iterations and, when it says so, `await pause()`: long scans then run in slices of about SLICE_MS, and a
 * search past its deadline is cancelled with 503 (the request is well-formed; the server declines to spend
 * more on it now, and a narrower query or a retry when it is less busy may succeed).
 */
export class SearchBudget {
  private readonly deadline: number;
  private sliceStart: number;

  constructor(readonly limitMs: number) {
    const now = performance.now();
    this.deadline = now + limitMs;
    this.sliceStart = now;
  }

  /** Throws when the deadline has passed; true when the current slice is used up. */
  due(): boolean {
    const now = performance.now();
    if (now > this.deadline) throw this.cancelled();
    return now - this.sliceStart >= SLICE_MS;
  }

  /** Gives the event loop to whatever waits, then starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
    if (this.sliceStart > this.deadline) throw this.cancelled();
  }

  private cancelled(): HttpError {
    return new HttpError(
      503,
      `The search took longer than its time budget of ${this.limitMs} ms and was cancelled; ` +
        'narrow the query or ask for fewer aggregations.',
    );
  }
}

/** A budget for work that is not a request (tests, benchmarks, internal callers): no deadline. */
export const unlimitedBudget = (): SearchBudget => new SearchBudget(Infinity);
