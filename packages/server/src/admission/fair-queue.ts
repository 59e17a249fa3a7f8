import { HttpError, tooManyRequests } from '../errors.ts';

/** Bounds of one queue (config `services.admission`, docs/operations.md "Admission of heavy requests"). */
interface FairQueueLimits {
  /** Units of work running at once; a request's weight is at most this. */
  slots: number;
  /** Units one caller may hold while others wait; a caller holding none may always start one request. */
  callerSlots: number;
  /** Requests of one caller waiting at most; more are answered 429. */
  queuePerCaller: number;
  /** Requests of all callers waiting at most; more are answered 503. */
  queueTotal: number;
  /** Seconds the 429 and 503 answers ask the client to wait (Retry-After). */
  retryAfterSeconds: number;
}

/** The request left while it waited: nothing is sent for it. */
export class AdmissionAborted extends Error {
  override readonly name = 'AbortError';
}

interface Waiter {
  weight: number;
  start: (release: () => void) => void;
  fail: (error: Error) => void;
}

/** Figures of a queue at one moment: for tests, logs and benchmarks. */
export interface FairQueueState {
  running: number;
  queued: number;
  /** Per caller key: units running and requests waiting. */
  callers: Record<string, { running: number; queued: number }>;
}

/**
 * Weighted slots with a FIFO queue per caller, served round-robin: when room frees up, the caller after the
 * one served last goes next, so a caller with a long queue cannot keep others waiting behind it. The next
 * caller in turn waits for enough free room rather than being overtaken by lighter work behind it (no
 * starvation of heavy requests). The queues are bounded per caller and in total, so waiting costs no
 * unbounded memory.
 */
export class FairQueue {
  /** Waiting requests per caller; the Map's order is the turn order (a served caller moves to the end). */
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly holding = new Map<string, number>();
  private used = 0;
  private queued = 0;
  private closed = false;

  constructor(
    private readonly name: string,
    private readonly limits: FairQueueLimits,
  ) {}

  /**
   * Resolves with a release function once the work of `weight` units may start for caller `key`; refuses
   * with 429 (the caller's queue is full) or 503 (all queues are full, or the server stops), and with
   * AdmissionAborted when `signal` aborts while waiting.
   */
  acquire(key: string, weight: number, signal?: AbortSignal): Promise<() => void> {
    if (this.closed) return Promise.reject(new HttpError(503, 'The server is shutting down.'));
    if (signal?.aborted) return Promise.reject(new AdmissionAborted());
    const units = Math.min(Math.max(1, Math.ceil(weight)), this.limits.slots);
    const retry = this.limits.retryAfterSeconds;
    if ((this.waiting.get(key)?.length ?? 0) >= this.limits.queuePerCaller) {
      return Promise.reject(
        tooManyRequests(`Too many ${this.name} of yours are waiting; try again in ${retry} s.`, retry),
      );
    }
    if (this.queued >= this.limits.queueTotal) {
      return Promise.reject(
        new HttpError(503, `The server is busy with ${this.name}; try again in ${retry} s.`, {
          'retry-after': String(retry),
        }),
      );
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.remove(key, waiter)) reject(new AdmissionAborted());
      };
      const waiter: Waiter = {
        weight: units,
        start: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Always through the queue: a newcomer does not overtake work waiting for room.
      const mine = this.waiting.get(key);
      if (mine) mine.push(waiter);
      else this.waiting.set(key, [waiter]);
      this.queued++;
      this.pump();
    });
  }

  /** What runs and waits now, per caller. */
  state(): FairQueueState {
    const callers: FairQueueState['callers'] = {};
    for (const [key, units] of this.holding) callers[key] = { running: units, queued: 0 };
    for (const [key, waiters] of this.waiting) {
      callers[key] = { running: callers[key]?.running ?? 0, queued: waiters.length };
    }
    return { running: this.used, queued: this.queued, callers };
  }

  /** Refuses what waits (503) and whatever comes later; running work finishes and releases as usual. */
  close(): void {
    this.closed = true;
    const error = new HttpError(503, 'The server is shutting down.');
    for (const waiters of this.waiting.values()) for (const waiter of waiters) waiter.fail(error);
    this.waiting.clear();
    this.queued = 0;
  }

  private mayStart(key: string, units: number): boolean {
    if (this.used + units > this.limits.slots) return false;
    const held = this.holding.get(key) ?? 0;
    return held === 0 || held + units <= this.limits.callerSlots;
  }

  private start(key: string, units: number): () => void {
    this.used += units;
    this.holding.set(key, (this.holding.get(key) ?? 0) + units);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= units;
      const held = (this.holding.get(key) ?? 0) - units;
      if (held > 0) this.holding.set(key, held);
      else this.holding.delete(key);
      this.pump();
    };
  }

  /** Starts waiting work in turn order while it fits. */
  private pump(): void {
    for (;;) {
      let next: [string, Waiter[]] | undefined;
      for (const entry of this.waiting) {
        const [key, waiters] = entry;
        const held = this.holding.get(key) ?? 0;
        // A caller at its share lets the next caller go first.
        if (held > 0 && held + waiters[0]!.weight > this.limits.callerSlots) continue;
        next = entry;
        break;
      }
      if (!next) return;
      const [key, waiters] = next;
      const waiter = waiters[0]!;
      // The caller whose turn it is waits for enough room; lighter work behind it does not overtake it.
      if (this.used + waiter.weight > this.limits.slots) return;
      waiters.shift();
      this.queued--;
      // Served: the caller's turn comes again after every other waiting caller's.
      this.waiting.delete(key);
      if (waiters.length > 0) this.waiting.set(key, waiters);
      waiter.start(this.start(key, waiter.weight));
    }
  }

  private remove(key: string, waiter: Waiter): boolean {
    const waiters = this.waiting.get(key);
    const index = waiters?.indexOf(waiter) ?? -1;
    if (!waiters || index < 0) return false;
    waiters.splice(index, 1);
    this.queued--;
    if (waiters.length === 0) this.waiting.delete(key);
    // The removed request may have been the one the others waited behind.
    this.pump();
    return true;
  }
}
