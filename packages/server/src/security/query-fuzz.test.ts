// Generated query, aggregation and pagination bodies sent to the real app (in process, through
// app.inject): none may be answered with 5xx, and each must be answered at a small cost.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { entrySearchQuantities } from '../search/quantities.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const INFINITE = '__1e999__';

/**
 * Most processor time allowed for one generated request (a normal one takes a few milliseconds). It is the
 * test process's own time, not the clock's: other work on a busy machine does not count against it.
 */
const CPU_BOUND_MS = 1000;

const names = entrySearchQuantities.map((quantity) => quantity.name);
const materialNames = names
  .filter((name) => name.startsWith('results.material.'))
  .map((name) => name.slice('results.material.'.length));

/** Mostly well-formed, now and then anything: a body with junk in every field would only test the schema. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, junk: fc.Arbitrary<U>, weight = 6) =>
  fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: junk });

const quantity = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...names) },
  { weight: 2, arbitrary: fc.constantFrom(...materialNames, 'entries.upload_id', 'entries.entry_id') },
  { weight: 1, arbitrary: fc.constantFrom('results', 'results.material', 'search_quantities', 'quantities') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'and', 'or', 'not') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const operator = mostly(
  fc.constantFrom('any', 'all', 'none', 'lt', 'lte', 'gt', 'gte'),
  fc.constantFrom('eq', 'foo', '', '__proto__'),
);

/** Numbers as hostile clients write them: huge, tiny, negative, fractional, and strings that look like numbers. */
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, 5e-324, 8.64e15, -8.64e15, 1e21, 2 ** 53, 0.1, 1e-300),
  // Sent as the JSON literal 1e999, which parses to Infinity (JSON.stringify cannot write it).
  fc.constant(INFINITE),
);
const numberish = fc.oneof(
  number,
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '1.5 eV', '3 angstrom', '1 ((((eV))))', ''),
  fc.constantFrom('1900-01-01', '2100-01-01', '2024-02-30', 'yesterday', '+275760-09-13T00:00:00Z'),
);
/** Sizes, pages and intervals: mostly sensible, often hostile. */
const size = mostly(fc.integer({ min: 0, max: 50 }), number, 2);
const interval = mostly(fc.double({ min: 0.01, max: 1e4, noNaN: true }), number, 1);

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Si', 'O', 'Fe', 'VASP', 'bulk', 'cubic', 1, 2, 3, true, false) },
  { weight: 2, arbitrary: numberish },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A criterion in any of the JSON forms, right or wrong. */
const criterion = fc.oneof(
  fc.record({ key: quantity, value }).map(({ key, value: v }) => ({ [key]: v })),
  fc
    .record({ key: quantity, op: operator, value: fc.oneof(value, fc.array(value, { maxLength: 5 })) })
    .map(({ key, op, value: v }) => ({ [`${key}:${op}`]: v })),
  fc
    .record({ key: quantity, ops: fc.dictionary(operator, value, { maxKeys: 3 }) })
    .map(({ key, ops }) => ({ [key]: ops })),
  fc.record({ optimade_filter: mostly(fc.constantFrom('nelements > 1', 'elements HAS "O"'), fc.string()) }),
);

/** and/or/not combinations a few levels deep, with junk where a query belongs now and then. */
const { query } = fc.letrec<{ query: unknown }>((tie) => ({
  query: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: criterion },
    { weight: 1, arbitrary: fc.record({ and: fc.array(tie('query'), { maxLength: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ or: fc.array(tie('query'), { maxLength: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ not: tie('query') }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  ),
}));

/** Chains of and/or/not up to a few hundred levels, built without recursion. */
const deepQuery = fc
  .record({ ops: fc.array(fc.constantFrom('and', 'or', 'not'), { maxLength: 300 }), leaf: criterion })
  .map(({ ops, leaf }) => {
    let node: unknown = leaf;
    for (const op of ops) node = op === 'not' ? { not: node } : { [op]: [node] };
    return node;
  });

const bounds = mostly(
  fc.record({ min: fc.integer({ min: -10, max: 100 }), max: fc.integer({ min: 0, max: 1000 }) }),
  fc.record({ min: numberish, max: numberish }, { requiredKeys: [] }),
  2,
);
const aggregationPagination = fc.record(
  {
    page_size: size,
    page_after_value: fc.oneof(fc.string({ maxLength: 10 }), fc.constant(null)),
    order: mostly(fc.constantFrom('asc', 'desc'), fc.constant('up')),
    order_by: fc.oneof(quantity, fc.constant(null)),
  },
  { requiredKeys: [] },
);

/** Every aggregation type with its fields, sizes and intervals often hostile. */
const aggregationOn = (on: fc.Arbitrary<string>) =>
  fc.oneof(
    fc
      .record(
        {
          quantity: on,
          size,
          include: fc.oneof(
            fc.string({ maxLength: 5 }),
            fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
          ),
          pagination: aggregationPagination,
          entries: fc.record(
            {
              size,
              required: fc.record({ include: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }) }),
            },
            { requiredKeys: [] },
          ),
          exclude_from_search: fc.boolean(),
        },
        { requiredKeys: ['quantity'] },
      )
      .map((terms) => ({ terms })),
    fc
      .record(
        { quantity: on, interval, buckets: size, offset: number, extended_bounds: bounds },
        { requiredKeys: ['quantity'] },
      )
      .map((histogram) => ({ histogram })),
    fc
      .record(
        {
          quantity: on,
          interval: fc.oneof(
            fc.constantFrom(
              '1s',
              '1m',
              '1h',
              '1d',
              '1w',
              '1M',
              '1q',
              '1y',
              '0s',
              '99999999999999999999y',
              '3x',
            ),
            fc.string({ maxLength: 6 }),
          ),
          extended_bounds: bounds,
        },
        { requiredKeys: ['quantity'] },
      )
      .map((config) => ({ date_histogram: config })),
    fc
      .record({ quantity: on, buckets: size }, { requiredKeys: ['quantity'] })
      .map((config) => ({ auto_date_histogram: config })),
    fc.record({ quantity: on }).map((config) => ({ min_max: config })),
    fc
      .record(
        {
          metrics: fc.array(
            fc.oneof(
              fc.constantFrom(
                'n_entries',
                'n_uploads',
                'n_materials',
                'n_calculations',
                'constructor',
                '__proto__',
              ),
              fc.string({ maxLength: 8 }),
            ),
            { maxLength: 4 },
          ),
        },
        { requiredKeys: [] },
      )
      .map((config) => ({ statistics: config })),
  );

const aggregation = mostly(aggregationOn(quantity), fc.jsonValue({ maxDepth: 2 }));

const pagination = fc.record(
  {
    page_size: mostly(fc.integer({ min: 0, max: 50 }), number, 12),
    page: mostly(fc.integer({ min: 1, max: 300 }), fc.oneof(number, fc.constant(null)), 12),
    order: mostly(fc.constantFrom('asc', 'desc'), fc.constantFrom('sideways', '', 1), 12),
    order_by: fc.oneof(quantity, fc.constantFrom('_score', 'material_id', 'upload_create_time')),
    page_after_value: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1:x', ':', '', null)),
  },
  { requiredKeys: [] },
);

const body = fc.record(
  {
    owner: mostly(
      fc.constantFrom('public', 'visible', 'all'),
      fc.constantFrom('shared', 'user', 'staging', 'admin', 'nobody', 3),
      12,
    ),
    query: fc.oneof({ weight: 4, arbitrary: query }, { weight: 1, arbitrary: deepQuery }),
    aggregations: fc.dictionary(fc.string({ maxLength: 6 }), aggregation, { maxKeys: 4 }),
    pagination,
    required: fc.record(
      {
        include: fc.array(fc.oneof(quantity, fc.constantFrom('*', 'results.*', 'a.*.b')), { maxLength: 3 }),
        exclude: fc.array(quantity, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    optimade_filter: mostly(
      fc.constantFrom(
        'elements HAS "Si"',
        'NOT (nelements > 2 OR elements HAS ANY "O","Fe")',
        'LENGTH elements 2',
      ),
      fc.string({ maxLength: 40 }),
      6,
    ),
    verify_only: mostly(fc.constant(false), fc.constant(true)),
  },
  { requiredKeys: [] },
);

/** Well-formed queries and pages with hostile aggregations on the quantities they fit: the engine's part. */
const numeric = entrySearchQuantities
  .filter((q) => q.type === 'number' || q.type === 'timestamp')
  .map((q) => q.name);
const aggregationBody = fc.record({
  owner: fc.constantFrom('public', 'visible'),
  query: fc.constantFrom(
    {},
    { 'results.material.elements:any': ['Si', 'O'] },
    { 'results.material.n_elements:gte': 2 },
    { not: { 'results.method.simulation.program_name': 'VASP' } },
  ),
  aggregations: fc.dictionary(
    fc.string({ maxLength: 6 }),
    aggregationOn(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...numeric) }, quantity)),
    { minKeys: 1, maxKeys: 4 },
  ),
  pagination: fc.record({ page_size: fc.integer({ min: 0, max: 20 }) }),
});

/** GET /entries parameters: quantity filters with operators, pagination, json_query. */
const queryString = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.oneof(
          quantity,
          quantity.map((name) => `${name}__any`),
          fc.constantFrom('page', 'page_size', 'order', 'owner'),
        ),
        fc.oneof(fc.string({ maxLength: 12 }), numberish.map(String)),
      ),
      fc.tuple(
        fc.constant('json_query'),
        fc.oneof(query, deepQuery, fc.jsonValue()).map((v) => JSON.stringify(v)),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) =>
    pairs.map(([key, v]) => `${encodeURIComponent(key)}=${encodeURIComponent(v ?? '')}`).join('&'),
  );

describe('fuzzed search requests', () => {
  let server: TestServer;
  let api: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = `${server.ctx.config.basePath}/api/v1`;
    await seedUploads(server.ctx.db, {
      seed: 5,
      uploads: 2,
      entriesPerUpload: 30,
      from: '2020-01-01T00:00:00Z',
      authors: 3,
    });
  }, 60_000);
  afterAll(async () => server?.close());

  /** Sends one request; the property fails on 5xx or when the answer cost more than the bound. */
  const answered = async (request: { method: 'GET' | 'POST'; url: string; payload?: unknown }) => {
    const started = process.cpuUsage();
    const response = await server.app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload !== undefined
        ? {
            payload: JSON.stringify(request.payload).replaceAll(`"${INFINITE}"`, '1e999'),
            headers: { 'content-type': 'application/json' },
          }
        : {}),
    });
    const spent = process.cpuUsage(started);
    const ms = (spent.user + spent.system) / 1000;
    expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
    expect(ms, `${ms.toFixed(0)} ms of processor time`).toBeLessThanOrEqual(CPU_BOUND_MS);
  };

  it('never answers POST entries/query with 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, (payload) => answered({ method: 'POST', url: `${api}/entries/query`, payload })),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('never answers POST entries/query with 5xx for hostile aggregations', async () => {
    await fc.assert(
      fc.asyncProperty(aggregationBody, (payload) =>
        answered({ method: 'POST', url: `${api}/entries/query`, payload }),
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('never answers POST materials/query with 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, (payload) =>
        answered({ method: 'POST', url: `${api}/materials/query`, payload }),
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('never answers GET entries with 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, (params) => answered({ method: 'GET', url: `${api}/entries?${params}` })),
      { numRuns: 300 },
    );
  }, 120_000);
});
