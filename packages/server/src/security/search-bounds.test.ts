// Bounded search requests, against the real server: every body that once crashed the process or held the
// event loop for seconds is refused with 4xx in well under a second, while a normal search sent at the
// same time is answered as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { apiClient, as, refusalOf, uploadProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

const SEEDED = 100;

/** What the entries page asks for: filters, terms, a histogram, a page of rows. */
const NORMAL = {
  owner: 'visible',
  query: { 'results.material.n_elements:gte': 1 },
  aggregations: {
    elements: { terms: { quantity: 'results.material.elements', size: 118 } },
    n: { histogram: { quantity: 'results.material.n_elements', interval: 1 } },
    created: { date_histogram: { quantity: 'upload_create_time', interval: '1M' } },
  },
  pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
};

interface Answer {
  status: number;
  body: { detail?: unknown; pagination?: { total: number } };
}

/** `{"key": {"key": ... leaf ...}}` nested `depth` times, as text: the test's own JSON.stringify recurses. */
const nested = (open: string, leaf: string, close: string, depth: number) =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

describe('bounded search requests', () => {
  let server: TestServer;
  let token: string;
  let entryId: string;

  /** raw: the hostile bodies and query strings go as written, and the normal search beside them alike. */
  const send = async (path: string, body: string | object, method = 'POST'): Promise<Answer> => {
    const response = await fetch(
      `${server.api}/${path}`,
      as(token, {
        method,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/json' },
              body: typeof body === 'string' ? body : JSON.stringify(body),
            }
          : {}),
      }),
    );
    const answer = (await response.json()) as Answer['body'];
    return { status: response.status, body: answer };
  };

  /** Sends a hostile request and a normal search at once: 4xx for the one, 200 for the other. */
  const refusedBesideNormal = async (path: string, body: string | object, method = 'POST') => {
    const [hostile, normal] = await Promise.all([send(path, body, method), send('entries/query', NORMAL)]);
    expect(hostile.status, JSON.stringify(hostile.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(hostile.status).toBeLessThan(500);
    expect(normal.status).toBe(200);
    expect(normal.body.pagination?.total).toBeGreaterThanOrEqual(SEEDED);
    return JSON.stringify(hostile.body.detail);
  };

  beforeAll(async () => {
    server = await startTestServer();
    await seedUploads(server.ctx.db, {
      seed: 7,
      uploads: 2,
      entriesPerUpload: SEEDED / 2,
      from: '2021-01-01T00:00:00Z',
    });
    token = await createUserWithToken(server, 'prober');
    // Answers once the upload's processing has succeeded.
    const { uploadId } = await uploadProcessed(apiClient(server, token), 'NaCl.cif', naclCif);
    const found = await apiClient(server, token).call('entriesQuery', {
      body: { owner: 'user', query: { upload_id: uploadId } },
    });
    entryId = found.data[0]!.entry_id!;
  }, 120_000);
  afterAll(async () => server?.close());

  describe('histogram bucket counts are computed and capped before anything is allocated', () => {
    const aggregation = (a: object) => ({
      owner: 'visible',
      aggregations: { a },
      pagination: { page_size: 0 },
    });
    it.each([
      [
        'date_histogram 1s from 1900 to 2100 (V8 aborted after 7 s)',
        {
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1s',
            extended_bounds: { min: '1900-01-01', max: '2100-01-01' },
          },
        },
      ],
      [
        'date_histogram 1d over +-8.6e15 ms',
        {
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1d',
            extended_bounds: { min: -8.6e15, max: 8.6e15 },
          },
        },
      ],
      [
        'date_histogram 1s over one year (out of memory after two minutes)',
        {
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1s',
            extended_bounds: { min: '2023-01-01', max: '2024-01-01' },
          },
        },
      ],
      [
        'date_histogram 1m over one year (held the event loop)',
        {
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1m',
            extended_bounds: { min: '2023-01-01', max: '2024-01-01' },
          },
        },
      ],
      [
        'histogram of n_elements with interval 1 over 0..5e7',
        {
          histogram: {
            quantity: 'results.material.n_elements',
            interval: 1,
            extended_bounds: { min: 0, max: 5e7 },
          },
        },
      ],
      [
        'histogram with interval 1 over 0..200000',
        {
          histogram: {
            quantity: 'results.material.n_elements',
            interval: 1,
            extended_bounds: { min: 0, max: 200_000 },
          },
        },
      ],
      [
        'histogram with a tiny interval',
        { histogram: { quantity: 'results.material.n_elements', interval: 1e-300 } },
      ],
      [
        'histogram over the whole range of doubles',
        {
          histogram: {
            quantity: 'results.material.n_elements',
            interval: 1,
            extended_bounds: { min: -1.7e308, max: 1.7e308 },
          },
        },
      ],
      [
        'histogram with a million buckets',
        { histogram: { quantity: 'results.material.n_elements', buckets: 1e6 } },
      ],
      [
        'auto_date_histogram with 1e8 buckets',
        { auto_date_histogram: { quantity: 'upload_create_time', buckets: 1e8 } },
      ],
    ])('%s', async (_name, config) => {
      const detail = await refusedBesideNormal('entries/query', aggregation(config));
      expect(detail).toContain('at most 10000 are allowed');
      expect(detail).toContain('"aggregations","a"');
    });

    it('names the bucket count in the message', async () => {
      const answer = await send(
        'entries/query',
        aggregation({
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1s',
            extended_bounds: { min: '1900-01-01', max: '2100-01-01' },
          },
        }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual([
        {
          loc: ['body', 'aggregations', 'a', 'date_histogram'],
          msg: 'The aggregation would create 6311433601 buckets; at most 10000 are allowed.',
          type: 'value_error',
        },
      ]);
    });

    it('refuses bounds that are no date and intervals longer than all dates', async () => {
      const notADate = await refusedBesideNormal(
        'entries/query',
        aggregation({
          date_histogram: {
            quantity: 'upload_create_time',
            interval: '1d',
            extended_bounds: { min: 'yesterday', max: 1e20 },
          },
        }),
      );
      expect(notADate).toContain('is not a date');
      const endless = await refusedBesideNormal(
        'entries/query',
        aggregation({ date_histogram: { quantity: 'upload_create_time', interval: '99999999999999999y' } }),
      );
      expect(endless).toContain('longer than the range of dates');
    });

    it('refuses infinite intervals, offsets and bounds (JSON 1e999, or strings Ajv turns into numbers)', async () => {
      for (const config of [
        '{"histogram":{"quantity":"results.material.n_elements","interval":1e999}}',
        '{"histogram":{"quantity":"results.material.n_elements","interval":1,"offset":-1e999}}',
        '{"histogram":{"quantity":"results.material.n_elements","buckets":3,"extended_bounds":{"min":"1e999","max":2}}}',
        '{"date_histogram":{"quantity":"upload_create_time","extended_bounds":{"min":0,"max":1e999}}}',
      ]) {
        const detail = await refusedBesideNormal('entries/query', `{"aggregations":{"a":${config}}}`);
        // Refused by the schema (JSON numbers must be finite) or by the histogram's own checks.
        expect(detail).toMatch(/not a (finite number|number|date)|must be number/);
      }
    });

    it('still answers histograms within the cap, and with bounds widening them', async () => {
      const answer = await send(
        'entries/query',
        aggregation({
          histogram: {
            quantity: 'results.material.n_elements',
            interval: 1,
            extended_bounds: { min: 0, max: 9999 },
          },
        }),
      );
      expect(answer.status).toBe(200);
      const data = (answer.body as { aggregations: { a: { histogram: { data: unknown[] } } } }).aggregations.a
        .histogram.data;
      expect(data).toHaveLength(10_000);
    });

    it('caps materials/query histograms the same way', async () => {
      const detail = await refusedBesideNormal('materials/query', {
        aggregations: {
          a: { histogram: { quantity: 'n_elements', interval: 1, extended_bounds: { min: 0, max: 5e7 } } },
        },
      });
      expect(detail).toContain('at most 10000 are allowed');
    });
  });

  describe('terms sizes, aggregation counts and result windows', () => {
    it.each([
      ['terms size', { t: { terms: { quantity: 'upload_id', size: 1_000_000 } } }],
      ['terms page_size', { t: { terms: { quantity: 'upload_id', pagination: { page_size: 1_000_000 } } } }],
      ['entries per bucket', { t: { terms: { quantity: 'entry_id', size: 1000, entries: { size: 1000 } } } }],
      [
        'aggregations per request',
        Object.fromEntries(
          Array.from({ length: 101 }, (_, i) => [`a${i}`, { terms: { quantity: 'upload_id' } }]),
        ),
      ],
    ])('refuses too large a %s', async (_name, aggregations) => {
      const detail = await refusedBesideNormal('entries/query', { aggregations });
      expect(detail).toMatch(/at most (10000|100) /);
    });

    it('refuses page x page_size beyond 10,000 and pages further with page_after_value', async () => {
      const detail = await refusedBesideNormal('entries/query', {
        pagination: { page: 101, page_size: 100 },
      });
      expect(detail).toContain('page_after_value');
      expect((await send('entries/query', { pagination: { page: 100, page_size: 100 } })).status).toBe(200);
      expect(
        (await send('entries/query', { pagination: { page: 1000, page_size: 100, page_after_value: '0:x' } }))
          .status,
      ).toBe(200);
      expect((await send('entries/query', { pagination: { page_size: 10_001 } })).status).toBe(422);
      expect((await send('materials/query', { pagination: { page: 200, page_size: 100 } })).status).toBe(422);
    });

    it('checks the query parameters of GET /entries like the body of POST', async () => {
      for (const params of [
        'page_size=1e9',
        'page_size=abc',
        'page=0',
        'page=1000&page_size=100',
        'order=sideways',
        'owner=everything',
        'json_query=5',
        'json_query=null',
        `json_query=${encodeURIComponent(nested('{"not":', '{"entry_id":"x"}', '}', 600))}`,
      ]) {
        const detail = await refusedBesideNormal(`entries?${params}`, '', 'GET');
        expect(detail, params).toBeTruthy();
      }
      expect((await send('entries?page_size=5&page=3&order=desc', '', 'GET')).status).toBe(200);
    });
  });

  describe('nesting is measured before anything recurses', () => {
    const leaf = '{"entry_id":"x"}';
    it.each([5_000, 10_000])('refuses and, or, not nested %i levels', async (depth) => {
      for (const [open, close] of [
        ['{"and":[', ']}'],
        ['{"or":[', ']}'],
        ['{"not":', '}'],
      ] as const) {
        const query = nested(open, leaf, close, depth);
        const detail = await refusedBesideNormal('entries/query', `{"query":${query}}`);
        expect(detail).toContain('levels deep');
        await refusedBesideNormal(
          'materials/query',
          `{"query":${query.replaceAll('entry_id', 'material_id')}}`,
        );
      }
    });

    it('refuses queries over 100 levels with the query limit, and takes 100', async () => {
      const detail = await refusedBesideNormal(
        'entries/query',
        `{"query":${nested('{"not":', leaf, '}', 150)}}`,
      );
      expect(detail).toContain('The query is nested more than 100 levels deep');
      const ands = await refusedBesideNormal(
        'entries/query',
        `{"query":${nested('{"and":[', leaf, ']}', 120)}}`,
      );
      expect(ands).toContain('The query is nested more than 100 levels deep');
      const accepted = await send('entries/query', `{"query":${nested('{"not":{"not":', leaf, '}}', 49)}}`);
      expect(accepted.status).toBe(200);
    });

    it('refuses deep bodies wherever the depth is (echoed aggregation configs)', async () => {
      const deep = nested('[', '1', ']', 5000);
      const detail = await refusedBesideNormal(
        'entries/query',
        `{"aggregations":{"a":{"terms":{"quantity":"upload_id","x":${deep}}}}}`,
      );
      expect(detail).toContain('The request body is nested more than 256 levels deep');
      await refusedBesideNormal('suggestions', `{"input":"a","quantities":["upload_name"],"x":${deep}}`);
      // A "constructor" key makes the JSON parser walk the whole body for prototype keys first.
      const walked = await refusedBesideNormal(
        'entries/query',
        `{"query":${nested('{"not":', '{"constructor":"x"}', '}', 10_000)}}`,
      );
      expect(walked).toContain('levels deep');
    });

    it('refuses archive required specifications nested 5,000 levels, of one entry or of a search', async () => {
      for (const path of [`entries/${entryId}/archive/query`, 'entries/archive/query']) {
        const required = nested('{"run":', '"*"', '}', 5000);
        const detail = await refusedBesideNormal(path, `{"required":${required}}`);
        expect(detail).toContain('levels deep');
        const deep = await refusedBesideNormal(path, `{"required":${nested('{"run":', '"*"', '}', 150)}}`);
        expect(deep).toContain('The required specification is nested more than 100 levels deep');
        const fine = await send(path, { required: { metadata: '*' } });
        expect(fine.status).toBe(200);
      }
    });
  });

  describe('OPTIMADE filters', () => {
    const nots = (n: number) => `${'NOT '.repeat(n)}nelements=2`;
    it.each([
      ['top-level optimade_filter', { optimade_filter: nots(10_000) }],
      ['query.optimade_filter', { query: { optimade_filter: nots(10_000) } }],
    ])('refuses NOT x 10,000 in the %s', async (_name, body) => {
      const detail = await refusedBesideNormal('entries/query', body);
      expect(detail).toContain('at most 10000 are allowed');
      await refusedBesideNormal('materials/query', body);
    });

    it('refuses NOT and parentheses nested over 100 levels, within the length limit', async () => {
      for (const filter of [nots(150), `${'('.repeat(150)}nelements=2${')'.repeat(150)}`]) {
        const detail = await refusedBesideNormal('entries/query', { optimade_filter: filter });
        expect(detail).toContain('nested more than 100 levels deep');
      }
      expect((await send('entries/query', { optimade_filter: nots(100) })).status).toBe(200);
    });
  });

  describe('suggestions and values', () => {
    it('bounds the input, the quantities and the sizes of suggestions', async () => {
      for (const body of [
        { input: 'a'.repeat(1001), quantities: ['upload_name'] },
        { input: 'a', quantities: Array.from({ length: 101 }, () => 'upload_name') },
        { input: 'a', quantities: [{ name: 'upload_name', size: 101 }] },
      ])
        expect(await refusedBesideNormal('suggestions', body)).toMatch(/at most/i);
      expect(
        (await send('suggestions', { input: 'a', quantities: [{ name: 'upload_name', size: 100 }] })).status,
      ).toBe(200);
    });

    it('refuses long values with units and long value lists', async () => {
      const unit = await refusedBesideNormal('entries/query', {
        query: { 'results.properties.electronic.band_gap.value:gte': `1${' '.repeat(100_000)}x eV` },
      });
      expect(unit).toContain('at most 256 characters');
      const list = await refusedBesideNormal('entries/query', {
        query: { 'entry_id:any': Array.from({ length: 10_001 }, (_, i) => `e${i}`) },
      });
      expect(list).toContain('at most 10000');
      const criteria = await refusedBesideNormal('entries/query', {
        query: { or: Array.from({ length: 1100 }, (_, i) => ({ entry_id: `e${i}` })) },
      });
      expect(criteria).toContain('at most 1024');
    });
  });
});

describe('the time budget of a search', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No time at all: the first look at the clock cancels the search.
    server = await startTestServer({ searchTimeBudgetMs: 0 });
    await seedUploads(server.ctx.db, {
      seed: 3,
      uploads: 1,
      entriesPerUpload: 20,
      from: '2022-01-01T00:00:00Z',
      authors: 2,
    });
  }, 60_000);
  afterAll(async () => server?.close());

  it('cancels a search past its budget with 503 and a message naming the budget', async () => {
    const anonymous = apiClient(server);
    const search = anonymous.call('entriesQuery', {
      body: { query: { 'results.material.n_elements:gte': 1 } },
    });
    expect(await refusalOf(search)).toEqual([
      503,
      {
        detail:
          'The search took longer than its time budget of 0 ms and was cancelled; narrow the query or ask for fewer aggregations.',
      },
    ]);
    // The server goes on answering what needs no search.
    await expect(anonymous.call('info')).resolves.toHaveProperty('version');
  });
});
