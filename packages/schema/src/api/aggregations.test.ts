import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { AggregationResponseSchema, AggregationSchema, aggregationTypes } from './aggregations.ts';
import { EntriesQueryRequestSchema } from './entries.ts';

const recordingsDir = path.resolve(import.meta.dirname, '../../../../../shared/nomad-reference/recordings');
const haveRecordings = existsSync(recordingsDir);
if (!haveRecordings) console.warn(`Skipping aggregation recordings test: not found at ${recordingsDir}`);

interface Recorded {
  request: { body?: unknown };
  response: { status: number; body: unknown };
}
type Named = Record<string, Record<string, unknown>>;

/** Every recorded aggregation request and 200 response of the search and uploads pages, by type. */
const recordedAggregations = () => {
  const requests: Array<[string, unknown]> = [];
  const responses: Array<[string, unknown]> = [];
  for (const folder of ['search', 'uploads']) {
    const dir = path.join(recordingsDir, folder);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, Recorded[]>;
      for (const call of Object.values(doc).flat()) {
        const body = call.request.body as { aggregations?: Named } | undefined;
        for (const aggregation of Object.values(body?.aggregations ?? {}))
          requests.push([typeOf(aggregation), aggregation]);
        const answer = call.response.body as { aggregations?: Named } | undefined;
        if (call.response.status !== 200) continue;
        for (const aggregation of Object.values(answer?.aggregations ?? {}))
          responses.push([typeOf(aggregation), aggregation]);
      }
    }
  }
  return { requests, responses };
};

const typeOf = (aggregation: Record<string, unknown>) =>
  Object.keys(aggregation).find((k) => (aggregationTypes as readonly string[]).includes(k)) ?? 'none';

const valid = (schema: Parameters<typeof Value.Check>[0], value: unknown) => Value.Check(schema, value);

describe.skipIf(!haveRecordings)('aggregations as NOMAD records them', () => {
  const { requests, responses } = haveRecordings ? recordedAggregations() : { requests: [], responses: [] };

  it('finds terms, histogram and min_max in the recordings, each request and response valid', () => {
    const types = new Set(requests.map(([type]) => type));
    // The GUI's search pages use exactly these three; date and statistics aggregations are API-only.
    expect([...types].sort()).toEqual(['histogram', 'min_max', 'terms']);
    for (const type of types) {
      const ofType = requests.filter(([t]) => t === type);
      expect(ofType.filter(([, a]) => !valid(AggregationSchema, a))).toEqual([]);
      const answers = responses.filter(([t]) => t === type);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter(([, a]) => !valid(AggregationResponseSchema, a))).toEqual([]);
    }
  });
});

describe('aggregation request schema', () => {
  const gui = { update: true, changed: false, type: 'terms' };

  it('accepts every type with its options and the GUI bookkeeping keys', () => {
    const configs = [
      {
        terms: {
          quantity: 'results.material.elements',
          size: 5,
          include: '^S.*',
          pagination: { page_size: 10, order_by: 'count', order: 'desc', page_after_value: 'Si' },
          entries: { size: 1, required: { include: ['entry_id'] } },
          exclude_from_search: true,
          ...gui,
        },
        ...gui,
      },
      { terms: { quantity: 'upload_id', include: ['a', 'b'] } },
      { histogram: { quantity: 'results.material.n_elements', interval: 1 } },
      { histogram: { quantity: 'upload_create_time', buckets: 30, extended_bounds: { min: 0, max: 9 } } },
      { date_histogram: { quantity: 'upload_create_time', interval: '1y' } },
      {
        date_histogram: {
          quantity: 'upload_create_time',
          interval: '1M',
          extended_bounds: { min: 1, max: 2 },
        },
      },
      { auto_date_histogram: { quantity: 'upload_create_time', buckets: 10 } },
      { min_max: { quantity: 'results.properties.electronic.band_structure_electronic.band_gap.value' } },
      { statistics: { metrics: ['n_entries', 'n_uploads'] } },
    ];
    expect(configs.filter((config) => !valid(AggregationSchema, config))).toEqual([]);
    const request = { owner: 'visible', exclude: ['quantities'], aggregations: { a: configs[0] } };
    expect(valid(EntriesQueryRequestSchema, request)).toBe(true);
  });

  it('rejects malformed configs', () => {
    const bad = [
      { histogram: { quantity: 'results.material.n_elements' } },
      { histogram: { quantity: 'results.material.n_elements', interval: 0 } },
      { histogram: { quantity: 'results.material.n_elements', buckets: -3 } },
      { terms: { quantity: 'upload_id', size: -1 } },
      { terms: { quantity: 'upload_id', size: 1.5 } },
      { terms: { size: 5 } },
      { terms: { quantity: 'upload_id', include: 3 } },
      { date_histogram: { quantity: 'upload_create_time', interval: 'yearly' } },
      { auto_date_histogram: { quantity: 'upload_create_time', buckets: 0 } },
      { min_max: {} },
    ];
    expect(bad.filter((config) => valid(AggregationSchema, config))).toEqual([]);
    const request = { aggregations: { a: bad[0] } };
    expect(valid(EntriesQueryRequestSchema, request)).toBe(false);
  });
});

describe('aggregation response schema', () => {
  it('accepts the data of each type', () => {
    const responses = [
      { terms: { quantity: 'q', size: 5, data: [{ value: 'Si', count: 3, nested_count: 4 }] } },
      { histogram: { quantity: 'q', buckets: 30, interval: 0.5, data: [{ value: 1.5, count: 2 }] } },
      { date_histogram: { quantity: 't', interval: '1y', data: [{ value: 1.6e12, count: 2 }] } },
      { auto_date_histogram: { quantity: 't', buckets: 10, interval: '7d', data: [] } },
      { min_max: { quantity: 'q', data: [1e-19, 5e-19] } },
      { min_max: { quantity: 'q', data: [null, null] } },
      { statistics: { metrics: ['n_entries'], data: { n_entries: 12 } } },
    ];
    expect(responses.filter((response) => !valid(AggregationResponseSchema, response))).toEqual([]);
  });

  it('rejects data of the wrong shape', () => {
    const bad = [
      { terms: { quantity: 'q' } },
      { terms: { quantity: 'q', data: [{ value: 'Si' }] } },
      { min_max: { quantity: 'q', data: [1] } },
      { statistics: { data: { n_entries: 'many' } } },
    ];
    expect(bad.filter((response) => valid(AggregationResponseSchema, response))).toEqual([]);
  });
});
