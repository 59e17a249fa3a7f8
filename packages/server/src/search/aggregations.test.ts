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

  it('answers terms with the GUI bookkeeping keys echoed and empty data on an empty database', async () => {
    const gui = { update: true, changed: true, type: 'terms' };
    const { status, body } = await query({
      elements: { terms: { quantity: 'results.material.elements', size: 5, ...gui }, ...gui },
    });
    expect(status).toBe(200);
    expect(body.aggregations).toMatchObject({
      elements: { terms: { quantity: 'results.material.elements', size: 5, update: true, data: [] } },
    });
  });

  it('rejects malformed configs with 422 before searching', async () => {
    const histogram = { histogram: { quantity: 'results.material.n_elements' } };
    const rejected = await query({ h: histogram });
    expect(rejected.status).toBe(422);
    // Refused by the request schema (interval or buckets required), not by the search code.
    expect(JSON.stringify(rejected.body.detail)).not.toContain('not supported');
    expect((await query({ t: { terms: { quantity: 'upload_id', size: -1 } } })).status).toBe(422);
  });

  it('refuses the valid but not yet implemented types with 422 naming the type', async () => {
    const { status, body } = await query({
      h: { histogram: { quantity: 'results.material.n_elements', buckets: 30 } },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(body.detail)).toContain('The histogram aggregation is not supported');
  });
});
