/**
 * The time rules run on (embargo ends, token and invitation expiry): the system's clock in production, a
 * clock tests move forward instead of waiting months.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests of time-dependent rules. */
export class MovableClock implements Clock {
  private ms: number;

  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
