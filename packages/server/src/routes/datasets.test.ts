// GET /datasets and /datasets/{id} over HTTP; answers are checked against the operation table's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDataset } from '../store/datasets.ts';
import { createUser } from '../store/users.ts';
import { as, json } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('datasets over HTTP', () => {
  let server: TestServer;
  let token: string;
  let owner: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'reader');
    owner = (await createUser(server.ctx.db, { username: 'owner' })).user_id;
    const created = new Date('2024-05-01T10:00:00.000Z');
    await insertDataset(server.ctx.db, {
      dataset_id: 'ds-b',
      dataset_name: 'Battery cathodes',
      user_id: owner,
      dataset_create_time: created,
    });
    await insertDataset(server.ctx.db, {
      dataset_id: 'ds-a',
      dataset_name: 'band gaps',
      user_id: owner,
      doi: '10.17172/NOMAD/2024.05.01-1',
      dataset_create_time: new Date('2024-05-02T10:00:00.000Z'),
    });
  });
  afterAll(async () => server?.close());

  const get = (query: string, auth?: string) => fetch(`${server.api}/datasets${query}`, as(auth));

  it('lists datasets for anyone, in NOMAD’s answer shape', async () => {
    for (const auth of [undefined, token]) {
      const response = await get(`/?page=1&page_size=1000&user_id=${owner}`, auth);
      expect(response.status).toBe(200);
      const body = await json<{ pagination: unknown; data: Array<Record<string, unknown>> }>(response);
      expect(body.pagination).toEqual({ page_size: 1000, order: 'asc', page: 1, total: 2 });
      expect(body.data).toEqual([
        {
          dataset_id: 'ds-a',
          dataset_name: 'band gaps',
          user_id: owner,
          dataset_create_time: '2024-05-02T10:00:00.000Z',
          dataset_modified_time: '2024-05-02T10:00:00.000Z',
          dataset_type: 'owned',
          doi: '10.17172/NOMAD/2024.05.01-1',
        },
        {
          dataset_id: 'ds-b',
          dataset_name: 'Battery cathodes',
          user_id: owner,
          dataset_create_time: '2024-05-01T10:00:00.000Z',
          dataset_modified_time: '2024-05-01T10:00:00.000Z',
          dataset_type: 'owned',
        },
      ]);
    }
    const nobody = await json<{ pagination: { total: number }; data: unknown[] }>(
      await get('?user_id=nobody'),
    );
    expect(nobody).toEqual({ pagination: { page_size: 10, order: 'asc', page: 1, total: 0 }, data: [] });
  });

  it('filters by prefix and orders as asked', async () => {
    const body = await json<{ pagination: Record<string, unknown>; data: Array<{ dataset_id: string }> }>(
      await get('?prefix=BA&order_by=dataset_create_time&order=desc&page_size=1&page=2'),
    );
    expect(body.data.map((d) => d.dataset_id)).toEqual(['ds-b']);
    expect(body.pagination).toEqual({
      page_size: 1,
      order_by: 'dataset_create_time',
      order: 'desc',
      page: 2,
      page_after_value: '0',
      total: 2,
    });
  });

  it('answers one dataset by id, and 404 for an unknown one', async () => {
    const found = await get('/ds-b');
    expect(found.status).toBe(200);
    expect(await json(found)).toMatchObject({
      dataset_id: 'ds-b',
      data: { dataset_name: 'Battery cathodes' },
    });
    const missing = await get('/nothing');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ detail: 'The dataset with the given id does not exist.' });
  });

  it('refuses bad queries: 422 for values out of range, 400 for a page past the end', async () => {
    for (const query of ['?page_size=10001', '?page_size=-1', '?page=0', '?order_by=user_id', '?order=up']) {
      const response = await get(query);
      expect(response.status, query).toBe(422);
      expect(Array.isArray((await json<{ detail: unknown }>(response)).detail), query).toBe(true);
    }
    const past = await get('?page=3&page_size=1');
    expect(past.status).toBe(400);
    expect(await json(past)).toEqual({ detail: 'Page out of range requested.' });
  });
});
