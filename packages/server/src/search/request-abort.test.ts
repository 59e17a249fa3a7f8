// A search whose client closed the connection stops at its next budget check, in the real server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { SearchBudget } from './engine/budget.ts';
import { entrySearchQuantities } from './quantities.ts';

const STOPPED = 'search stopped: the client closed the connection';

interface LogLine {
  msg?: string;
  budgetChecks?: number;
  ms?: number;
}

/**
 * Real work that takes seconds over a few thousand entries: a thousand criteria every row is tested
 * against, and sixty aggregations that each filter the rows again without their own quantity.
 */
const heavyBody = (prefix: string) => ({
  owner: 'public',
  query: { and: Array.from({ length: 1000 }, (_, i) => ({ not: { [`${prefix}entry_id`]: `none-${i}` } })) },
  pagination: { page_size: 0 },
  aggregations: Object.fromEntries(
    entrySearchQuantities
      .filter((quantity) => quantity.aggregatable && !quantity.repeats)
      .slice(0, 60)
      .map((quantity, i) => [
        `a${i}`,
        { terms: { quantity: `${prefix}${quantity.name}`, size: 5, exclude_from_search: true } },
      ]),
  ),
});

/** GET has no aggregations and a URL of at most 16 kB: a hundred and fifty ranges every row is tested against. */
const heavyQueryString = () =>
  `owner=public&page_size=0&json_query=${encodeURIComponent(
    JSON.stringify({
      and: Array.from({ length: 150 }, (_, i) => ({
        'results.material.n_elements': { gte: 0, lte: 1000 + i },
      })),
    }),
  )}`;

describe('a search whose client went away', () => {
  let server: TestServer;
  const log: LogLine[] = [];
  const originalDue = SearchBudget.prototype.due;
  const due = vi.spyOn(SearchBudget.prototype, 'due');

  beforeAll(async () => {
    // The whole search must finish to be counted: on a busy machine it may take longer than the default
    // budget (CI once answered 503), and the budget is not what is tested here.
    server = await startTestServer(
      { searchTimeBudgetMs: 600_000 },
      { logStream: { write: (line) => void log.push(JSON.parse(line)) } },
    );
    // Request loggers are made per request from the app's: they log the stop, which is at debug level.
    server.app.log.level = 'debug';
    await seedUploads(server.ctx.db, {
      seed: 11,
      uploads: 2,
      entriesPerUpload: 1000,
      from: '2022-01-01T00:00:00Z',
    });
  }, 120_000);
  afterAll(async () => {
    due.mockRestore();
    // After an abort, fetch (undici) opens a spare connection that sends nothing; closing the server would
    // wait for it until the headers timeout.
    server?.app.server.closeAllConnections();
    await server?.close();
  });

  const send = (path: string, body: unknown, signal?: AbortSignal) =>
    fetch(`${server.api}/${path}`, {
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal,
    });

  it.each([
    ['POST entries/query', 'entries/query', heavyBody('')],
    ['POST materials/query', 'materials/query', heavyBody('entries.')],
    ['GET entries', `entries?${heavyQueryString()}`, undefined],
  ])(
    '%s stops at its next budget check',
    async (_name, path, body) => {
      // The whole search, answered: the request's 'close' once its body was read (Node 20) does not stop it.
      due.mockClear();
      const answered = await send(path, body);
      expect(answered.status).toBe(200);
      expect(((await answered.json()) as { pagination: { total: number } }).pagination.total).toBe(2000);
      const whole = due.mock.calls.length;

      // The same search, abandoned at its first check. From then on every check gives the event loop away,
      // so the count that follows measures loop turns until the server saw the close, not time: it holds
      // on a machine kept busy.
      const stops = log.filter((line) => line.msg === STOPPED).length;
      const client = new AbortController();
      due.mockClear();
      due.mockImplementation(function (this: SearchBudget) {
        if (!client.signal.aborted) client.abort();
        originalDue.call(this);
        return true;
      });
      const request = send(path, body, client.signal).catch((error: unknown) => error);
      expect(await request).toMatchObject({ name: 'AbortError' });
      await vi.waitFor(() => expect(log.filter((line) => line.msg === STOPPED)).toHaveLength(stops + 1), {
        timeout: 100_000,
      });
      due.mockImplementation(originalDue);
      const stopped = log.filter((line) => line.msg === STOPPED).at(-1)!;
      const abandoned = due.mock.calls.length;
      // The engine saw the abort within a few turns of the loop, long before the whole search's count.
      expect(stopped.budgetChecks).toBe(abandoned);
      expect(abandoned).toBeLessThan(Math.min(100, whole / 10));
    },
    300_000,
  );
});
