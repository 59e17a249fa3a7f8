import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpError } from '../../errors.ts';

/** Loop iterations between two looks at the clock; a look costs tens of nanoseconds. */
export const CHECK_EVERY = 128;

/** How long a search runs before it lets other requests and timers have the event loop. */
const SLICE_MS = 20;

/**
 * The search was stopped because nobody waits for its answer any more (the client closed the connection).
 * Nothing is sent for it; `checks` and `ms` tell how far it got.
 */
export class SearchAborted extends Error {
  override readonly name = 'AbortError';

  constructor(
    readonly checks: number,
    readonly ms: number,
  ) {
    super(`The search was stopped after ${Math.round(ms)} ms and ${checks} budget checks: its client left.`);
  }
}

/**
 * The time a search may take, and its share of the event loop. Hot loops call `due()` every CHECK_EVERY
 * iterations and, when it says so, `await pause()`: long scans then run in slices of about SLICE_MS, and a
 * search past its deadline is cancelled with 503 (the request is well-formed; the server declines to spend
 * more on it now, and a narrower query or a retry when it is less busy may succeed). A search whose
 * `signal` aborts stops at the next check with SearchAborted.
 */
export class SearchBudget {
  private readonly started: number;
  private readonly deadline: number;
  private sliceStart: number;
  private looks = 0;

  constructor(
    readonly limitMs: number,
    private readonly signal?: AbortSignal,
  ) {
    const now = performance.now();
    this.started = now;
    this.deadline = now + limitMs;
    this.sliceStart = now;
  }

  /** How often the search looked at its budget so far: a measure of the work done (rows / CHECK_EVERY). */
  get checks(): number {
    return this.looks;
  }

  /** Throws SearchAborted when the search's signal has aborted. */
  throwIfAborted(): void {
    if (this.signal?.aborted) throw this.aborted();
  }

  /** Throws when the search was aborted or the deadline has passed; true when the current slice is used up. */
  due(): boolean {
    this.looks++;
    this.throwIfAborted();
    const now = performance.now();
    if (now > this.deadline) throw this.cancelled();
    return now - this.sliceStart >= SLICE_MS;
  }

  /** Gives the event loop to whatever waits, then starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    // The client's 'close' is seen only while the loop is given away: stop before the next slice.
    this.throwIfAborted();
    this.sliceStart = performance.now();
    if (this.sliceStart > this.deadline) throw this.cancelled();
  }

  private aborted(): SearchAborted {
    return new SearchAborted(this.looks, performance.now() - this.started);
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
