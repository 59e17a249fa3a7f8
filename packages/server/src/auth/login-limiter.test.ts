import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginLimits } from '../config/config.ts';
import { createUser } from '../store/users.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { LoginLimiter, guardLogin } from './login-limiter.ts';

const limits = (overrides: Partial<LoginLimits> = {}): LoginLimits => ({
  accountFailures: 3,
  accountTotalFailures: 100,
  addressFailures: 5,
  windowSeconds: 60,
  baseDelaySeconds: 1,
  maxDelaySeconds: 2,
  maxEntries: 1000,
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt that fails its check (a wrong password), unless it is refused first. */
const wrong = (subject: LoginLimiter, attempt: { login?: string; address: string }) =>
  guardLogin(subject, attempt, async () => undefined);
const right = (subject: LoginLimiter, attempt: { login?: string; address: string }) =>
  guardLogin(subject, attempt, async () => 'ok');

describe('LoginLimiter (in the database)', () => {
  let service: ServiceTestContext;
  const clock = { now: 0 };
  const limiter = (overrides: Partial<LoginLimits> = {}) =>
    new LoginLimiter(service.ctx.db, limits(overrides), () => clock.now);

  beforeAll(async () => {
    service = await openServiceContext();
    await createUser(service.ctx.db, { username: 'dave', password: 'x', email: 'dave@example.org' });
    await createUser(service.ctx.db, { username: 'erin', password: 'x' });
  });
  afterAll(async () => service?.close());
  beforeEach(async () => {
    clock.now = 1_000_000;
    await service.ctx.db.query('DELETE FROM login_failures');
  });

  it('lets attempts wait after the threshold, doubling the wait with each further failure up to the cap', async () => {
    const subject = limiter({ baseDelaySeconds: 10, maxDelaySeconds: 35 });
    const attempt = { login: 'erin', address: 'a' };
    await wrong(subject, attempt);
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(0);
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(10);
    expect(await wrong(subject, attempt)).toEqual({ outcome: 'limited', retryAfter: 10 });
    clock.now += 10_000;
    expect(await subject.retryAfter(attempt)).toBe(0);
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(20);
    clock.now += 20_000;
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(35);
    // Another account from another address is not affected.
    expect(await subject.retryAfter({ login: 'dave', address: 'b' })).toBe(0);
  });

  it('forgets failures after the window, and a success clears those of the account from its address', async () => {
    const subject = limiter();
    const attempt = { login: 'erin', address: 'a' };
    await wrong(subject, attempt);
    await wrong(subject, attempt);
    clock.now += 61_000;
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(0);
    await wrong(subject, attempt);
    expect((await right(subject, attempt)).outcome).toBe('ok');
    await wrong(subject, attempt);
    await wrong(subject, attempt);
    expect(await subject.retryAfter(attempt)).toBe(0);
  });

  it('counts the username and the email of one account as one account', async () => {
    const subject = limiter();
    await wrong(subject, { login: 'dave', address: 'a' });
    await wrong(subject, { login: 'Dave@Example.org', address: 'a' });
    await wrong(subject, { login: ' DAVE', address: 'a' });
    expect(await right(subject, { login: 'dave@example.org', address: 'a' })).toEqual({
      outcome: 'limited',
      retryAfter: 1,
    });
    expect(await subject.retryAfter({ login: 'dave', address: 'a' })).toBe(1);
  });

  it('counts a name no account has under the name, compared as logins are', async () => {
    const subject = limiter();
    for (const login of ['nobody', 'NoBody', 'nobody ']) await wrong(subject, { login, address: 'a' });
    expect(await subject.retryAfter({ login: 'NOBODY', address: 'a' })).toBe(1);
    expect(await subject.retryAfter({ login: 'somebody', address: 'a' })).toBe(0);
  });

  it('counts failures per address across accounts; a success does not clear the address', async () => {
    const subject = limiter();
    for (const login of ['a1', 'a2', 'a3', 'a4', 'a5']) await wrong(subject, { login, address: 'x' });
    expect(await subject.retryAfter({ login: 'fresh', address: 'x' })).toBe(1);
    expect(await subject.retryAfter({ address: 'x' })).toBe(1);
    expect(await subject.retryAfter({ login: 'fresh', address: 'y' })).toBe(0);
  });

  it('does not let a stranger at one address make the account wait at others', async () => {
    const subject = limiter({ accountTotalFailures: 10, addressFailures: 1000, maxDelaySeconds: 1 });
    // The stranger keeps guessing, as fast as the back-off lets them.
    for (let i = 0; i < 30; i++) {
      await wrong(subject, { login: 'dave', address: 'stranger' });
      clock.now += 1_000;
    }
    expect(await subject.retryAfter({ login: 'dave', address: 'stranger' })).toBe(0);
    await wrong(subject, { login: 'dave@example.org', address: 'stranger' });
    expect(await subject.retryAfter({ login: 'dave', address: 'stranger' })).toBe(1);
    // The owner, elsewhere, is not held up.
    expect(await subject.retryAfter({ login: 'dave', address: 'home' })).toBe(0);
    expect((await right(subject, { login: 'dave', address: 'home' })).outcome).toBe('ok');
  });

  it('makes the whole account wait after many failures from many addresses', async () => {
    const subject = limiter({ accountTotalFailures: 10, baseDelaySeconds: 30, maxDelaySeconds: 60 });
    // Each address adds at most three failures, however often it tries.
    for (const address of ['b1', 'b2'])
      for (let i = 0; i < 5; i++) await wrong(subject, { login: 'dave', address });
    // The owner's success takes back only the owner's own failures: 6 of 10 remain.
    await wrong(subject, { login: 'dave', address: 'home' });
    expect((await right(subject, { login: 'dave', address: 'home' })).outcome).toBe('ok');
    for (let i = 0; i < 3; i++) await wrong(subject, { login: 'dave@example.org', address: 'b3' });
    expect(await subject.retryAfter({ login: 'dave', address: 'home' })).toBe(0);
    await wrong(subject, { login: 'dave', address: 'b4' });
    expect(await subject.retryAfter({ login: 'dave', address: 'home' })).toBe(30);
    expect(await right(subject, { login: 'dave', address: 'home' })).toEqual({
      outcome: 'limited',
      retryAfter: 30,
    });
    // Other accounts are not affected.
    expect(await subject.retryAfter({ login: 'erin', address: 'b1' })).toBe(0);
  });

  it('takes back the failure of an attempt that could not be decided', async () => {
    const subject = limiter({ accountFailures: 1 });
    const attempt = { login: 'erin', address: 'a' };
    const broken = guardLogin(subject, attempt, async () => {
      throw new Error('database down');
    });
    await expect(broken).rejects.toThrow('database down');
    expect(await subject.retryAfter(attempt)).toBe(0);
    expect(await subject.rows()).toEqual({ address: 0, pair: 0, account: 0 });
  });

  it('keeps the table bounded: expired rows go, and the least recently failed beyond max_entries', async () => {
    const subject = limiter({ maxEntries: 10, accountFailures: 1 });
    for (let i = 0; i < 40; i++) {
      await wrong(subject, { login: `u${i}`, address: `a${i}` });
      clock.now += 10;
    }
    expect(await subject.rows()).toEqual({ address: 10, pair: 10, account: 10 });
    expect(await subject.retryAfter({ login: 'u39', address: 'a39' })).toBe(1);
    expect(await subject.retryAfter({ login: 'u0', address: 'a0' })).toBe(0);
    clock.now += 61_000;
    await wrong(subject, { login: 'late', address: 'z' });
    expect(await subject.rows()).toEqual({ address: 1, pair: 1, account: 1 });
  });

  it('counts an attempt before checking it, so concurrent attempts cannot pass the threshold', async () => {
    // Two limiters on one database, as two nodes.
    const nodes = [limiter(), limiter()];
    const check = (i: number) =>
      guardLogin(nodes[i % 2]!, { login: 'erin', address: 'a' }, async () => {
        await sleep(5);
        return undefined;
      });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => check(i)));
    expect(outcomes.filter((o) => o.outcome === 'failed')).toHaveLength(3);
    expect(outcomes.filter((o) => o.outcome === 'limited')).toHaveLength(7);
    expect(await nodes[1]!.retryAfter({ login: 'erin', address: 'b' })).toBe(0);
  });

  it('keeps very long logins and addresses as hashes', async () => {
    const subject = limiter();
    const login = 'x'.repeat(10_000);
    for (let i = 0; i < 3; i++) await wrong(subject, { login, address: 'y'.repeat(5_000) });
    expect(await subject.retryAfter({ login, address: 'y'.repeat(5_000) })).toBe(1);
    const { rows } = await service.ctx.db.query<{ key: string }>('SELECT key FROM login_failures');
    for (const row of rows) expect(row.key.length).toBeLessThan(200);
  });
});
