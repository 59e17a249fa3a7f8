// GET /uploads: the filters and orderings of NOMAD's uploads page (uploadspage.json), over HTTP against
// the real server, with members, publication and processing states set in the rows.
import type { ApiClient } from '@oasis/client';
import type { UploadsQuery } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, as, refusalOf } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

const subjectOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

describe('the list of uploads', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;
  let bobApi: ApiClient;

  /** alpha, beta: alice's (beta published); gamma: bob's with alice as co-author (failed); delta: bob's
   * with alice as reviewer (published later, processing); epsilon: bob's alone. */
  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    aliceApi = apiClient(server, alice);
    bobApi = apiClient(server, await createUserWithToken(server, 'bob'));
    const uploads: [string, ApiClient, string][] = [
      ['alpha', aliceApi, "process_status = 'SUCCESS', upload_create_time = '2024-01-01'"],
      [
        'beta',
        aliceApi,
        "process_status = 'SUCCESS', published = true, publish_time = '2024-03-01', upload_create_time = '2024-01-02'",
      ],
      ['gamma', bobApi, "process_status = 'FAILURE', coauthors = $2, upload_create_time = '2024-01-03'"],
      [
        'delta',
        bobApi,
        "process_status = 'PENDING', reviewers = $2, published = true, publish_time = '2024-04-01', upload_create_time = '2024-01-04'",
      ],
      ['epsilon', bobApi, "process_status = 'SUCCESS', upload_create_time = '2024-01-05'"],
    ];
    for (const [name, api, set] of uploads) {
      const { upload_id: uploadId } = await api.call('uploadCreate', { query: { upload_name: name } });
      const params = set.includes('$2') ? [uploadId, [subjectOf(alice)]] : [uploadId];
      await server.ctx.db.query(`UPDATE uploads SET ${set} WHERE upload_id = $1`, params);
    }
  });
  afterAll(async () => server?.close());

  const list = (query: UploadsQuery = {}, api = aliceApi) => api.call('uploadsList', { query });
  const names = async (query: UploadsQuery = {}, api = aliceApi) =>
    (await list(query, api)).data.map((upload) => upload.upload_name);

  it("lists the caller's uploads by role, oldest first unless asked otherwise", async () => {
    expect(await names()).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    expect(await names({ roles: ['main_author'] })).toEqual(['alpha', 'beta']);
    expect(await names({ roles: ['coauthor'] })).toEqual(['gamma']);
    expect(await names({ roles: ['reviewer'] })).toEqual(['delta']);
    expect(await names({ roles: ['coauthor', 'reviewer'] })).toEqual(['gamma', 'delta']);
    expect(await names({ order_by: 'upload_create_time', order: 'desc' })).toEqual([
      'delta',
      'gamma',
      'beta',
      'alpha',
    ]);
    expect(await names({}, bobApi)).toEqual(['gamma', 'delta', 'epsilon']);
    expect((await refusalOf(apiClient(server).call('uploadsList')))[0]).toBe(401);
  });

  it('filters by publication, processing status, name, id and ownership', async () => {
    expect(await names({ is_published: true })).toEqual(['beta', 'delta']);
    expect(await names({ is_published: false })).toEqual(['alpha', 'gamma']);
    expect(await names({ process_status: 'FAILURE' })).toEqual(['gamma']);
    expect(await names({ process_status: 'PENDING' })).toEqual(['delta']);
    expect(await names({ is_processing: true })).toEqual(['delta']);
    expect(await names({ upload_name: ['alpha', 'delta'] })).toEqual(['alpha', 'delta']);
    expect(await names({ is_owned: true })).toEqual(['alpha', 'beta']);
    expect(await names({ is_owned: false })).toEqual(['gamma', 'delta']);
    const { data } = await list({ upload_name: ['gamma'] });
    expect(await names({ upload_id: [data[0]!.upload_id] })).toEqual(['gamma']);
    // The unpublished-upload count of the uploads page.
    const count = await list({ is_published: false, roles: ['main_author'], page_size: 10000 });
    expect(count.pagination.total).toBe(1);
  });

  it('orders by publish time (the published column) and by name', async () => {
    expect(await names({ order_by: 'publish_time', order: 'desc' })).toEqual([
      'delta',
      'beta',
      'alpha',
      'gamma',
    ]);
    expect((await names({ order_by: 'publish_time', order: 'asc' })).slice(0, 2)).toEqual(['beta', 'delta']);
    expect(await names({ order_by: 'upload_name', order: 'asc' })).toEqual([
      'alpha',
      'beta',
      'delta',
      'gamma',
    ]);
    expect(await names({ order_by: 'upload_name', order: 'desc', page_size: 3, page: 2 })).toEqual(['alpha']);
  });

  it("echoes the filters as NOMAD's query and pages as asked", async () => {
    const listing = await list({
      is_published: false,
      roles: ['main_author'],
      page_size: 10000,
      order_by: 'upload_create_time',
      order: 'desc',
    });
    expect(listing.query).toEqual({ is_published: false });
    expect(listing.pagination).toEqual({
      page_size: 10000,
      order_by: 'upload_create_time',
      order: 'desc',
      page: 1,
      total: 1,
    });
    expect((await list({ process_status: 'SUCCESS', is_owned: true, upload_name: ['beta'] })).query).toEqual({
      process_status: 'SUCCESS',
      is_owned: true,
      upload_name: ['beta'],
    });
    expect((await list({ page_size: 10, page: 1 })).query).toEqual({});
    // The GUI's count of unpublished uploads asks for the total only.
    const countOnly = await list({ is_published: false, roles: ['main_author'], page_size: 0 });
    expect([countOnly.pagination.total, countOnly.data]).toEqual([1, []]);
    expect(await refusalOf(list({ page_size: 2, page: 3 }))).toEqual([
      400,
      { detail: 'Page out of range requested.' },
    ]);
  });

  it('refuses bad values with 422', async () => {
    // raw: query strings as typed, most with values the client's types refuse.
    for (const query of [
      'order_by=main_author',
      'order_by=upload_create_time;DROP',
      'order=up',
      'process_status=failure',
      'roles=owner',
      'is_published=maybe',
      'page_size=-1',
      'page=0',
    ]) {
      const response = await fetch(`${server.api}/uploads?${query}`, as(alice));
      expect([query, response.status]).toEqual([query, 422]);
    }
    expect((await refusalOf(list({ order_by: 'nope' })))[1]).toEqual({
      detail: [
        { loc: ['query', 'order_by'], msg: 'order_by must be a valid attribute', type: 'value_error' },
      ],
    });
  });
});
