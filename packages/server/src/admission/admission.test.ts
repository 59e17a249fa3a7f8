// Admission of heavy work in the real server: per-caller turns, cheap requests past the queue, bounded
// queues, and requests dropped from the queue when their client leaves. The tests hold the slots themselves
// (as a request would) so that what waits is decided by conditions, not by timing.
import type { ApiClient } from '@oasis/client';
import type { EntriesQueryRequest, EntriesQueryResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, callApi, json, refusalOf } from '../testing/http.ts';
import { seedUploads } from '../testing/seed-uploads.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import type { FairQueue, FairQueueState } from './fair-queue.ts';
import { HEAVY_PAGE_ROWS } from './heavy-work.ts';

/** A search page over the limit of cheap pages: it waits for a heavy slot. */
const heavyPage: EntriesQueryRequest = { owner: 'public', pagination: { page_size: HEAVY_PAGE_ROWS + 50 } };
const smallPage: EntriesQueryRequest = { owner: 'public', pagination: { page_size: 10 } };

/** Polls until the queue's state satisfies `condition` (a hang detector, not a measure of time). */
const until = async (queue: FairQueue, condition: (state: FairQueueState) => boolean) => {
  for (let i = 0; i < 2000; i++) {
    if (condition(queue.state())) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`queue never reached the condition: ${JSON.stringify(queue.state())}`);
};

const queuedOf = (state: FairQueueState, key: string) => state.callers[key]?.queued ?? 0;

/** A token's user id, as the admission keys it. */
const userIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

describe('admission of heavy requests', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  const api: Record<string, ApiClient> = {};

  beforeAll(async () => {
    server = await startTestServer({
      admission: {
        heavySlots: 1,
        callerSlots: 1,
        passwordHashes: 1,
        queuePerCaller: 6,
        queueTotal: 8,
        retryAfterSeconds: 7,
      },
    });
    await seedUploads(server.ctx.db, {
      seed: 3,
      uploads: 1,
      entriesPerUpload: 300,
      from: '2022-01-01T00:00:00Z',
    });
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
    carol = await createUserWithToken(server, 'carol');
    api.alice = apiClient(server, alice);
    api.bob = apiClient(server, bob);
    api.anonymous = apiClient(server);
  }, 120_000);
  afterAll(async () => {
    server?.app.server.closeAllConnections();
    await server?.close();
  });

  /** Holds the heavy queue's only slot, as a running heavy request of another caller would. */
  const holdHeavy = () => server.ctx.admission.heavy.acquire('someone-else', 1);

  it("serves callers in turn: one caller's long queue does not keep another's request behind it", async () => {
    const heavy = server.ctx.admission.heavy;
    const release = await holdHeavy();
    const finished: string[] = [];
    const send = (who: string) =>
      api[who]!.call('entriesQuery', { body: heavyPage }).then(() => {
        finished.push(who);
      });
    const floods = Array.from({ length: 5 }, () => send('alice'));
    await until(heavy, (state) => queuedOf(state, userIdOf(alice)) === 5);
    const bobs = send('bob');
    await until(heavy, (state) => queuedOf(state, userIdOf(bob)) === 1);
    release();
    await Promise.all([...floods, bobs]);
    // First come, first served would answer Bob last; in turns he comes right after Alice's first.
    expect(finished.indexOf('bob')).toBeLessThan(3);
    expect(heavy.state()).toEqual({ running: 0, queued: 0, callers: {} });
  });

  it('answers cheap requests while heavy ones wait', async () => {
    const heavy = server.ctx.admission.heavy;
    const release = await holdHeavy();
    // Released however the test ends: a slot held on would keep every later test waiting.
    let held = true;
    const free = () => {
      if (held) release();
      held = false;
    };
    try {
      let settled = false;
      const waiting = api.alice!.call('entriesQuery', { body: heavyPage }).then((answer) => {
        settled = true;
        return answer;
      });
      await until(heavy, (state) => state.queued === 1);
      await api.anonymous!.call('info');
      const small = await api.alice!.call('entriesQuery', { body: smallPage });
      // A file the GUI serves whether or not it has been built (a fresh clone's tests run before the build).
      const gui = await fetch(`${server.origin}/nomad-oasis/gui/artifacts.js`);
      expect(small.data).toHaveLength(10);
      expect(gui.status).toBe(200);
      // The heavy request is still waiting behind the held slot.
      expect(settled).toBe(false);
      expect(heavy.state().queued).toBe(1);
      free();
      await waiting;
    } finally {
      free();
    }
  });

  it('sends a big page in slices: the same answer as two smaller pages serialised by the schema', async () => {
    const order = { order_by: 'entry_id', order: 'asc' } as const;
    // raw: the content type of the sliced answer is checked.
    const big = await callApi(server, alice, 'POST', 'entries/query', {
      owner: 'public',
      pagination: { page_size: 150, ...order },
    });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-type')).toMatch(/^application\/json/);
    const halves = await Promise.all(
      [1, 2].map((page) =>
        api.alice!.call('entriesQuery', {
          body: { owner: 'public', pagination: { page_size: 75, page, ...order } },
        }),
      ),
    );
    const whole = await json<EntriesQueryResponse>(big);
    expect(whole.data).toHaveLength(150);
    expect(whole.data).toEqual([...halves[0]!.data, ...halves[1]!.data]);
    expect(whole.pagination.total).toBe(halves[0]!.pagination.total);
  });

  it('refuses bad input before it waits', async () => {
    const release = await holdHeavy();
    try {
      const tooBig = api.alice!.call('entriesQuery', { body: { pagination: { page_size: 20_000 } } });
      expect((await refusalOf(tooBig))[0]).toBe(422);
      expect(server.ctx.admission.heavy.state().queued).toBe(0);
    } finally {
      release();
    }
  });

  it("answers 429 over a caller's queue and 503 over the total, with detail and Retry-After", async () => {
    const heavy = server.ctx.admission.heavy;
    const release = await holdHeavy();
    const queued: Promise<unknown>[] = Array.from({ length: 6 }, () =>
      api.alice!.call('entriesQuery', { body: heavyPage }),
    );
    await until(heavy, (state) => queuedOf(state, userIdOf(alice)) === 6);
    // raw: the refusals' Retry-After header is checked.
    const over = await callApi(server, alice, 'POST', 'entries/query', heavyPage);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('7');
    expect((await json<{ detail: string }>(over)).detail).toMatch(/heavy requests of yours are waiting/);
    queued.push(
      api.bob!.call('entriesQuery', { body: heavyPage }),
      api.bob!.call('entriesByQueryString', { query: { owner: 'public', page_size: HEAVY_PAGE_ROWS + 1 } }),
    );
    await until(heavy, (state) => state.queued === 8);
    const full = await callApi(server, carol, 'POST', 'materials/query', heavyPage);
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('7');
    expect((await json<{ detail: string }>(full)).detail).toMatch(/busy with heavy requests/);
    release();
    await Promise.all(queued);
  });

  it('drops a waiting request when its client leaves', async () => {
    const heavy = server.ctx.admission.heavy;
    const release = await holdHeavy();
    const client = new AbortController();
    const aborted = api.alice!.call('entriesArchiveQuery', { body: { owner: 'public', required: '*' } });
    const leaving = api
      .bob!.call('entriesQuery', { body: heavyPage }, { signal: client.signal })
      .catch((error: unknown) => error);
    await until(heavy, (state) => state.queued === 2);
    client.abort();
    await until(heavy, (state) => state.queued === 1 && queuedOf(state, userIdOf(bob)) === 0);
    expect(await leaving).toBeInstanceOf(Error);
    release();
    await aborted;
  });

  it('hashes passwords one at a time per the limit, queued per address; /info meanwhile answers', async () => {
    const passwords = server.ctx.admission.passwords;
    const release = await passwords.acquire('another-address', 1);
    const logIn = (username: string) =>
      api.anonymous!.call('authToken', { query: { username, password: `${username}-password` } });
    const login = logIn('alice');
    await until(passwords, (state) => queuedOf(state, '127.0.0.1') === 1);
    await api.anonymous!.call('info');
    // A token refresh at the provider hashes nothing and does not wait.
    const refresh = await fetch(
      `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis/protocol/openid-connect/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&client_id=nomad_public&refresh_token=x',
      },
    );
    expect(refresh.status).toBe(400);
    expect(passwords.state().queued).toBe(1);
    // The address's queue is bounded too.
    const more = Array.from({ length: 5 }, () => logIn('bob'));
    await until(passwords, (state) => queuedOf(state, '127.0.0.1') === 6);
    // raw: the refusal's Retry-After header is checked.
    const over = await fetch(`${server.api}/auth/token?username=bob&password=bob-password`);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('7');
    expect((await json<{ detail: string }>(over)).detail).toMatch(/password checks of yours/);
    // The browser's login form is shown a page saying so, not JSON.
    const form = await fetch(
      `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis/protocol/openid-connect/auth`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: 'username=bob&password=bob-password',
      },
    );
    expect(form.status).toBe(429);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    expect(form.headers.get('retry-after')).toBe('7');
    expect(await form.text()).toMatch(/password checks of yours are waiting/);
    release();
    expect(await login).toHaveProperty('access_token');
    for (const answer of await Promise.all(more)) expect(answer).toHaveProperty('access_token');
  });
});
