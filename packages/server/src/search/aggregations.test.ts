import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** The wire contract of aggregations at the server: validated configs, unsupported types refused. */
describe('entries/query aggregations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const query = async (aggregations: unknown) => {
    const response = await fetch(`${server.api}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: 'visible', pagination: { page_size: 0 }, aggregations }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers terms without echoing the GUI bookkeeping keys, with empty data on an empty database', async () => {
    const gui = { update: true, changed: true, type: 'terms' };
    const { status, body } = await query({
      elements: { terms: { quantity: 'results.material.elements', size: 5, ...gui }, ...gui },
    });
    expect(status).toBe(200);
    expect(body.aggregations).toMatchObject({
      elements: { terms: { quantity: 'results.material.elements', size: 5, metrics: [], data: [] } },
    });
    const terms = (body.aggregations as Record<string, { terms: Record<string, unknown> }>).elements!.terms;
    expect(terms).not.toHaveProperty('update');
  });

  it('rejects malformed configs with 422 before searching', async () => {
    const histogram = { histogram: { quantity: 'results.material.n_elements' } };
    const rejected = await query({ h: histogram });
    expect(rejected.status).toBe(422);
    // Refused by the request schema (interval or buckets required), not by the search code.
    expect(JSON.stringify(rejected.body.detail)).not.toContain('not supported');
    expect((await query({ t: { terms: { quantity: 'upload_id', size: -1 } } })).status).toBe(422);
  });

  it("answers every aggregation type in NOMAD's shape on an empty database", async () => {
    const { status, body } = await query({
      h: { histogram: { quantity: 'results.material.n_elements', buckets: 30 } },
      d: { date_histogram: { quantity: 'upload_create_time', interval: '1M' } },
      a: { auto_date_histogram: { quantity: 'upload_create_time', buckets: 10 } },
      m: { min_max: { quantity: 'results.material.n_elements' } },
      s: { statistics: { metrics: ['n_entries', 'n_uploads'] } },
    });
    expect(status).toBe(200);
    expect(body.aggregations).toEqual({
      h: { histogram: { quantity: 'results.material.n_elements', buckets: 30, metrics: [], data: [] } },
      d: { date_histogram: { quantity: 'upload_create_time', interval: '1M', metrics: [], data: [] } },
      a: {
        auto_date_histogram: {
          quantity: 'upload_create_time',
          buckets: 10,
          interval: '1s',
          metrics: [],
          data: [],
        },
      },
      m: { min_max: { quantity: 'results.material.n_elements', data: [null, null] } },
      s: { statistics: { metrics: ['n_entries', 'n_uploads'], data: { n_entries: 0, n_uploads: 0 } } },
    });
  });

  it("refuses unknown quantities with NOMAD's text and histograms over text quantities", async () => {
    const unknown = await query({ t: { terms: { quantity: 'results.material.no_such' } } });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.detail)).toContain('results.material.no_such is not a doc quantity');
    const text = await query({ h: { histogram: { quantity: 'upload_name', buckets: 3 } } });
    expect(text.status).toBe(422);
    expect(JSON.stringify(text.body.detail)).toContain('needs a number or date quantity');
  });
});
