// GET /datasets and /datasets/{id} over HTTP; answers are checked against the operation table's rows.
import type { ApiClient } from '@oasis/client';
import type { DatasetsQuery } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDataset } from '../store/datasets.ts';
import { createUser } from '../store/users.ts';
import { apiClient, as, refusalOf } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('datasets over HTTP', () => {
  let server: TestServer;
  let token: string;
  let owner: string;
  let anonymous: ApiClient;
  let reader: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'reader');
    anonymous = apiClient(server);
    reader = apiClient(server, token);
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

  const list = (query: DatasetsQuery, api = anonymous) => api.call('datasetsList', { query });
  /** Raw, for query strings as typed: NOMAD's spelling with a trailing slash, values the client refuses. */
  const get = (query: string, auth?: string) => fetch(`${server.api}/datasets${query}`, as(auth));

  it('lists datasets for anyone, in NOMAD’s answer shape', async () => {
    for (const api of [anonymous, reader]) {
      const body = await list({ page: 1, page_size: 1000, user_id: owner }, api);
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
    // raw: NOMAD's GUI asks with a trailing slash, which gets the same answer.
    const slashed = await get(`/?page=1&page_size=1000&user_id=${owner}`, token);
    expect(slashed.status).toBe(200);
    expect(await slashed.json()).toEqual(await list({ page: 1, page_size: 1000, user_id: owner }, reader));
    const nobody = await list({ user_id: 'nobody' });
    expect(nobody).toEqual({ pagination: { page_size: 10, order: 'asc', page: 1, total: 0 }, data: [] });
  });

  it('filters by prefix and orders as asked', async () => {
    const body = await list({
      prefix: 'BA',
      order_by: 'dataset_create_time',
      order: 'desc',
      page_size: 1,
      page: 2,
    });
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
    const byId = (datasetId: string) => anonymous.call('datasetById', { params: { dataset_id: datasetId } });
    expect(await byId('ds-b')).toMatchObject({
      dataset_id: 'ds-b',
      data: { dataset_name: 'Battery cathodes' },
    });
    expect(await refusalOf(byId('nothing'))).toEqual([
      404,
      { detail: 'The dataset with the given id does not exist.' },
    ]);
  });

  it('refuses bad queries: 422 for values out of range, 400 for a page past the end', async () => {
    // raw: query strings as typed, some with values the client's types refuse (order_by=user_id, order=up).
    for (const query of ['?page_size=10001', '?page_size=-1', '?page=0', '?order_by=user_id', '?order=up']) {
      const response = await get(query);
      expect(response.status, query).toBe(422);
      expect(await response.json(), query).toMatchObject({ detail: expect.any(Array) });
    }
    expect(await refusalOf(list({ page: 3, page_size: 1 }))).toEqual([
      400,
      { detail: 'Page out of range requested.' },
    ]);
  });
});
