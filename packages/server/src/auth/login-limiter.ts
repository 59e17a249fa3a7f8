import type { LoginLimits } from '../config/config.ts';

/** Who tries to log in: the account named (none for e.g. a refresh token) and the client's address. */
interface LoginAttempt {
  account?: string;
  address: string;
}

interface Failures {
  count: number;
  /** Milliseconds (clock of the limiter) of the latest failure. */
  last: number;
  /** Attempts wait until then; 0 when they do not have to. */
  blockedUntil: number;
}

/** Failure counts of one kind of key (accounts or addresses) with its own threshold. */
class FailureCounter {
  // Map order is the order of the latest failures: the first entries are the ones evicted first.
  private readonly entries = new Map<string, Failures>();

  constructor(
    private readonly threshold: number,
    private readonly limits: LoginLimits,
  ) {}

  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    return entry && entry.blockedUntil > now ? entry.blockedUntil - now : 0;
  }

  fail(key: string, now: number): void {
    const previous = this.entries.get(key);
    const live =
      previous && (previous.blockedUntil > now || now - previous.last <= this.limits.windowSeconds * 1000);
    const count = (live ? previous.count : 0) + 1;
    this.entries.delete(key);
    this.entries.set(key, { count, last: now, blockedUntil: this.blockedUntil(count, now) });
    while (this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Takes back one failure counted for an attempt that then succeeded. */
  forgive(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (entry.count <= 1) {
      this.entries.delete(key);
      return;
    }
    entry.count -= 1;
    if (entry.count < this.threshold) entry.blockedUntil = 0;
    else entry.blockedUntil = Math.min(entry.blockedUntil, this.blockedUntil(entry.count, now));
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The threshold-th failure waits the base delay, each further one twice as long, up to the cap. */
  private blockedUntil(count: number, now: number): number {
    const excess = count - this.threshold;
    if (excess < 0) return 0;
    const { baseDelaySeconds, maxDelaySeconds } = this.limits;
    return now + Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** excess) * 1000;
  }
}

/**
 * Back-off of failed logins on every password and token path, per account and per client address. Held by
 * the app context (one per server process); memory is bounded by `maxEntries` per kind of key.
 */
export class LoginLimiter {
  private readonly accounts: FailureCounter;
  private readonly addresses: FailureCounter;

  constructor(
    limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.accounts = new FailureCounter(limits.accountFailures, limits);
    this.addresses = new FailureCounter(limits.addressFailures, limits);
  }

  /** Whole seconds the attempt has to wait; 0 when it may go ahead. */
  retryAfter(attempt: LoginAttempt): number {
    const now = this.now();
    const waits = [
      this.addresses.waitMs(attempt.address, now),
      attempt.account === undefined ? 0 : this.accounts.waitMs(attempt.account, now),
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  failed(attempt: LoginAttempt): void {
    const now = this.now();
    this.addresses.fail(attempt.address, now);
    if (attempt.account !== undefined) this.accounts.fail(attempt.account, now);
  }

  /** A success clears the account's failures; the address keeps those of other accounts. */
  succeeded(attempt: LoginAttempt): void {
    this.addresses.forgive(attempt.address, this.now());
    if (attempt.account !== undefined) this.accounts.reset(attempt.account);
  }

  /** Takes back the failure counted for an attempt that could not be decided (an error, not a wrong password). */
  withdrawn(attempt: LoginAttempt): void {
    const now = this.now();
    this.addresses.forgive(attempt.address, now);
    if (attempt.account !== undefined) this.accounts.forgive(attempt.account, now);
  }

  /** Remembered accounts and addresses (memory bound checks). */
  get size(): { accounts: number; addresses: number } {
    return { accounts: this.accounts.size, addresses: this.addresses.size };
  }
}

type GuardedLogin<T> =
  { outcome: 'ok'; value: T } | { outcome: 'failed' } | { outcome: 'limited'; retryAfter: number };

/**
 * Runs one login attempt under the limiter. The failure is counted before the credentials are checked, so
 * concurrent attempts already see it (and are refused once the threshold is reached); a success takes it
 * back. Refused attempts do not check the credentials at all, which also spares the password hash's cost.
 */
export const guardLogin = async <T>(
  limiter: LoginLimiter,
  attempt: LoginAttempt,
  login: () => Promise<T | undefined>,
): Promise<GuardedLogin<T>> => {
  const retryAfter = limiter.retryAfter(attempt);
  if (retryAfter > 0) return { outcome: 'limited', retryAfter };
  limiter.failed(attempt);
  let value: T | undefined;
  try {
    value = await login();
  } catch (error) {
    limiter.withdrawn(attempt);
    throw error;
  }
  if (value === undefined) return { outcome: 'failed' };
  limiter.succeeded(attempt);
  return { outcome: 'ok', value };
};

export const tooManyAttempts = (retryAfter: number) =>
  `Too many failed login attempts. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`;
