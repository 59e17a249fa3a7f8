import type { LoginLimits } from '../config/config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { normalizeLogin, userIdForLogin } from '../store/users.ts';
import { hashSecret } from './secrets.ts';

/** Who tries to log in: the username or email typed (none for e.g. a refresh token) and the client's address. */
interface LoginAttempt {
  login?: string;
  address: string;
}

/** The kinds of rows in `login_failures` (migration 011); their order is the order rows are locked in. */
type Kind = 'address' | 'pair' | 'account';

/** One count an attempt touches: a row of `login_failures` and the failures after which it makes attempts wait. */
interface Counter {
  kind: Kind;
  key: string;
  threshold: number;
}

/** What an allowed attempt counted, so that its outcome can take the failure back. */
interface Ticket {
  counted: Counter[];
  pair?: Counter;
  account?: Counter;
}

type Started = { outcome: 'counted'; ticket: Ticket } | { outcome: 'limited'; retryAfter: number };

/** Thrown inside the counting transaction to roll back what it already counted when a later count refuses. */
class Refused extends Error {}

/** Longer keys are hashed: an index entry has a size limit, and a typed login may be a mistyped password. */
const MAX_PLAIN_KEY = 64;
const boundedKey = (value: string) => (value.length <= MAX_PLAIN_KEY ? value : `sha256:${hashSecret(value)}`);

/** The exponent of the doubling is capped far beyond any max_delay so that the arithmetic stays finite. */
const MAX_DOUBLINGS = 60;

/**
 * SQL: until when row `f` of `login_failures` makes attempts wait, when its count has reached `threshold`:
 * the threshold-th failure waits the base delay, each further one twice as long, up to the maximum (all in
 * milliseconds). Counting and telling the wait both use it, so they cannot disagree.
 */
const waitEnd = (threshold: string, baseDelay: string, maxDelay: string) =>
  `f.last_failure + least(${maxDelay}::float8, ${baseDelay}::float8 * power(2::float8, least(f.count - ${threshold}, ${MAX_DOUBLINGS})))`;

/**
 * Back-off of failed logins on every password and token path, in the database so that all nodes share the
 * counts. Three counts: per client address (every path), per account and address, and per account from all
 * addresses, where each address adds at most its own threshold, so only many addresses can hold an account
 * up. A login names its account by username or email; both count as the account's id, and a name no account
 * has counts under the name. The wait of a count follows from its failures and the time of the last one,
 * so rows need no other state; expired rows and those beyond `maxEntries` per kind are deleted.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Database,
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts the attempt as a failure before its credentials are checked, so that concurrent attempts (on any
   * node) already see it; or, when a count makes it wait, counts nothing and tells how long.
   */
  async start(attempt: LoginAttempt): Promise<Started> {
    const counters = await this.countersOf(attempt);
    const now = this.now();
    let ticket: Ticket;
    let inserted: Kind[];
    try {
      ({ ticket, inserted } = await this.db.transaction((tx) => this.count(tx, counters, now)));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      // The wait may just have run out between the refusal and this read: the answer is still a refusal.
      return { outcome: 'limited', retryAfter: Math.max(1, await this.waitOf(counters)) };
    }
    for (const kind of inserted) await this.prune(kind, now);
    return { outcome: 'counted', ticket };
  }

  /**
   * A success takes back its own failure from the address (which keeps those of other accounts), clears the
   * account's failures from this address, and takes those back from the account's total too.
   */
  async succeeded(ticket: Ticket): Promise<void> {
    await this.db.transaction(async (tx) => {
      const address = ticket.counted.find((counter) => counter.kind === 'address');
      if (address) await this.forgive(tx, address, 1);
      if (!ticket.pair) return;
      const { rows } = await tx.query<{ count: number }>(
        'DELETE FROM login_failures WHERE kind = $1 AND key = $2 RETURNING count',
        [ticket.pair.kind, ticket.pair.key],
      );
      const cleared = Math.min(rows[0]?.count ?? 0, ticket.pair.threshold);
      if (ticket.account && cleared > 0) await this.forgive(tx, ticket.account, cleared);
    });
  }

  /** Takes back the failures counted for an attempt that could not be decided (an error, not a wrong password). */
  async withdrawn(ticket: Ticket): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const counter of ticket.counted) await this.forgive(tx, counter, 1);
    });
  }

  /** Whole seconds the attempt would have to wait; 0 when it may go ahead. */
  async retryAfter(attempt: LoginAttempt): Promise<number> {
    return this.waitOf(await this.countersOf(attempt));
  }

  /** Rows kept per kind (bound checks). */
  async rows(): Promise<Record<Kind, number>> {
    const { rows } = await this.db.query<{ kind: Kind; n: number }>(
      'SELECT kind, count(*)::int AS n FROM login_failures GROUP BY kind',
    );
    const counts: Record<Kind, number> = { address: 0, pair: 0, account: 0 };
    for (const row of rows) counts[row.kind] = row.n;
    return counts;
  }

  /** The counts of an attempt, in lock order. Resolving the login first makes username and email one count. */
  private async countersOf(attempt: LoginAttempt): Promise<Counter[]> {
    const address = boundedKey(attempt.address);
    const counters: Counter[] = [{ kind: 'address', key: address, threshold: this.limits.addressFailures }];
    if (attempt.login === undefined) return counters;
    const userId = await userIdForLogin(this.db, attempt.login);
    const account =
      userId === undefined ? `login:${boundedKey(normalizeLogin(attempt.login))}` : `user:${userId}`;
    counters.push(
      { kind: 'pair', key: `${address} ${account}`, threshold: this.limits.accountFailures },
      { kind: 'account', key: account, threshold: this.limits.accountTotalFailures },
    );
    return counters;
  }

  /**
   * One failure more on each count, or none when one of them makes the attempt wait. Rows are locked in kind
   * order, one per kind, so concurrent attempts cannot deadlock.
   */
  private async count(tx: Queryable, counters: Counter[], now: number) {
    const ticket: Ticket = { counted: [] };
    const inserted: Kind[] = [];
    let pairCount = 0;
    for (const counter of counters) {
      if (counter.kind === 'pair') ticket.pair = counter;
      if (counter.kind === 'account') {
        ticket.account = counter;
        // Failures from one address beyond its own threshold do not add to the account's total: one address
        // alone cannot make the account wait for everybody. They still have to respect that wait.
        if (pairCount > this.limits.accountFailures) {
          if ((await this.waitMs(tx, [counter], now)) > 0) throw new Refused();
          continue;
        }
      }
      const row = await this.fail(tx, counter, now);
      if (!row) throw new Refused();
      ticket.counted.push(counter);
      if (row.inserted) inserted.push(counter.kind);
      if (counter.kind === 'pair') pairCount = row.count;
    }
    return { ticket, inserted };
  }

  /**
   * One statement, so that concurrent attempts on any node count one after the other: adds the failure (a
   * new count once the last failure is older than the window) unless the count makes attempts wait now, in
   * which case the row stays as it is and nothing is returned.
   */
  private async fail(tx: Queryable, counter: Counter, now: number) {
    const { windowSeconds, baseDelaySeconds, maxDelaySeconds } = this.limits;
    const { rows } = await tx.query<{ count: number; inserted: boolean }>(
      `INSERT INTO login_failures AS f (kind, key, count, last_failure) VALUES ($1, $2, 1, $3)
       ON CONFLICT (kind, key) DO UPDATE
         SET count = CASE WHEN f.last_failure >= $3 - $4 THEN f.count + 1 ELSE 1 END, last_failure = $3
         WHERE NOT (f.count >= $5 AND ${waitEnd('$5', '$6', '$7')} > $3)
       RETURNING count, (xmax = 0) AS inserted`,
      [
        counter.kind,
        counter.key,
        Math.round(now),
        Math.round(windowSeconds * 1000),
        counter.threshold,
        baseDelaySeconds * 1000,
        maxDelaySeconds * 1000,
      ],
    );
    return rows[0];
  }

  /** Takes `failures` back from a count; its wait shrinks accordingly, and an empty count is deleted. */
  private async forgive(tx: Queryable, counter: Counter, failures: number) {
    await tx.query('UPDATE login_failures SET count = greatest(count - $3, 0) WHERE kind = $1 AND key = $2', [
      counter.kind,
      counter.key,
      failures,
    ]);
    await tx.query('DELETE FROM login_failures WHERE kind = $1 AND key = $2 AND count = 0', [
      counter.kind,
      counter.key,
    ]);
  }

  /**
   * Deletes the rows of a kind that can no longer make anyone wait, and the least recently failed beyond
   * `maxEntries`. Rows locked by attempts under way are skipped rather than waited for (no deadlock); only a
   * new row can grow the table, so this runs only after an insert.
   */
  private async prune(kind: Kind, now: number) {
    const { windowSeconds, maxDelaySeconds, maxEntries } = this.limits;
    const expired = Math.round(now - Math.max(windowSeconds, maxDelaySeconds) * 1000);
    // One statement for both sets: the same rows as deleting one after the other (expired rows are the oldest).
    await this.db.query(
      `DELETE FROM login_failures WHERE kind = $1 AND (
         key IN (SELECT key FROM login_failures WHERE kind = $1 AND last_failure < $2 FOR UPDATE SKIP LOCKED)
         OR key IN (SELECT key FROM login_failures WHERE kind = $1
                      ORDER BY last_failure DESC OFFSET $3 FOR UPDATE SKIP LOCKED))`,
      [kind, expired, maxEntries],
    );
  }

  private async waitOf(counters: Counter[]): Promise<number> {
    return Math.ceil((await this.waitMs(this.db, counters, this.now())) / 1000);
  }

  /** Milliseconds until none of the counts makes attempts wait (0 when none does). */
  private async waitMs(db: Queryable, counters: Counter[], now: number): Promise<number> {
    const { baseDelaySeconds, maxDelaySeconds } = this.limits;
    const { rows } = await db.query<{ until: number | null }>(
      `SELECT max(${waitEnd('c.threshold', '$4', '$5')}) AS until
         FROM login_failures f JOIN unnest($1::text[], $2::text[], $3::int[]) AS c (kind, key, threshold) USING (kind, key)
         WHERE f.count >= c.threshold`,
      [
        counters.map((counter) => counter.kind),
        counters.map((counter) => counter.key),
        counters.map((counter) => counter.threshold),
        baseDelaySeconds * 1000,
        maxDelaySeconds * 1000,
      ],
    );
    return Math.max(0, Number(rows[0]?.until ?? now) - now);
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
  const started = await limiter.start(attempt);
  if (started.outcome === 'limited') return started;
  let value: T | undefined;
  try {
    value = await login();
  } catch (error) {
    // The login's own error is the one to report; a failure that stays counted only errs on the safe side.
    await limiter.withdrawn(started.ticket).catch(() => undefined);
    throw error;
  }
  if (value === undefined) return { outcome: 'failed' };
  await limiter.succeeded(started.ticket);
  return { outcome: 'ok', value };
};

export const tooManyAttempts = (retryAfter: number) =>
  `Too many failed login attempts. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`;
