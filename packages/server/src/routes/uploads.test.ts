import type { ApiClient } from '@oasis/client';
import type { UploadResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';
import {
  apiClient,
  as,
  json,
  refusalOf,
  uploadProcessed,
  waitProcessed as waitUntilProcessed,
} from '../testing/http.ts';
import { naclCif as nacl } from '../testing/structures.ts';
import { SERVER_VERSION } from '../version.ts';

describe('uploads, processing and search', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;
  let bobApi: ApiClient;
  const waitProcessed = (uploadId: string, token: string) => waitUntilProcessed(server, uploadId, token);
  const rawFile = (api: ApiClient, uploadId: string, path: string) =>
    api.file('uploadRawFile', { params: { upload_id: uploadId, path } });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    aliceApi = apiClient(server, alice);
    bobApi = apiClient(server, await createUserWithToken(server, 'bob'));
  });
  afterAll(async () => server?.close());

  it('turns a CIF sent as the request body into an entry found by its elements, for its author only', async () => {
    // raw: the CIF is the request body itself, not a form's file field as the client sends it.
    const created = await fetch(
      `${server.api}/uploads?file_name=NaCl.cif`,
      as(alice, { method: 'POST', body: nacl }),
    );
    expect(created.status).toBe(200);
    const { upload_id: uploadId } = await json<UploadResponse>(created);
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const upload = await waitProcessed(uploadId, alice);
    expect(upload.process_status).toBe('SUCCESS');

    const entries = await aliceApi.call('uploadEntries', { params: { upload_id: uploadId } });
    expect(entries.data).toHaveLength(1);
    expect(entries.data[0]).toMatchObject({ mainfile: 'NaCl.cif', process_status: 'SUCCESS' });
    const entryId = entries.data[0]!.entry_id;
    expect(entryId).toHaveLength(28);

    const query = {
      owner: 'visible' as const,
      query: { 'results.material.elements': { all: ['Cl', 'Na'] } },
    };
    const found = await aliceApi.call('entriesQuery', { body: query });
    expect(found.pagination.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      entry_id: entryId,
      results: { material: { chemical_formula_reduced: 'ClNa' } },
    });

    const aggregated = await aliceApi.call('entriesQuery', {
      body: {
        ...query,
        pagination: { page_size: 0 },
        aggregations: { elements: { terms: { quantity: 'results.material.elements', size: 118 } } },
      },
    });
    expect(aggregated.aggregations?.elements?.terms?.data).toEqual([
      { value: 'Cl', count: 1, nested_count: 1 },
      { value: 'Na', count: 1, nested_count: 1 },
    ]);

    const none = await aliceApi.call('entriesQuery', {
      body: { query: { 'results.material.elements': { any: ['Fe'] } } },
    });
    expect(none.pagination.total).toBe(0);

    // Unpublished data stays with its members: anonymous and other users neither find nor read it.
    for (const api of [apiClient(server), bobApi]) {
      const hidden = await api.call('entriesQuery', { body: query });
      expect(hidden.pagination.total).toBe(0);
      expect((await refusalOf(api.call('entryById', { params: { entry_id: entryId } })))[0]).toBe(404);
      expect((await refusalOf(api.call('uploadById', { params: { upload_id: uploadId } })))[0]).toBe(401);
      expect((await refusalOf(rawFile(api, uploadId, 'NaCl.cif')))[0]).toBe(401);
    }

    const entry = await aliceApi.call('entryById', { params: { entry_id: entryId } });
    expect(entry.data).toMatchObject({
      entry_id: entryId,
      upload_id: uploadId,
      mainfile: 'NaCl.cif',
      // The version that processed it (the entry page's 'processing version').
      nomad_version: SERVER_VERSION,
    });

    const archive = await aliceApi.call('entryArchiveQuery', {
      params: { entry_id: entryId },
      body: { required: { processing_logs: '*' } },
    });
    expect(Object.keys(archive.data.archive)).toEqual(['processing_logs']);

    expect(await (await rawFile(aliceApi, uploadId, 'NaCl.cif')).blob.text()).toBe(nacl);
  });

  it('extracts zip files, fails a broken file on its own, and lists directories', async () => {
    const { upload_id: uploadId } = await aliceApi.call('uploadCreate');
    const zip = makeZip({
      'structures/NaCl.cif': nacl,
      'structures/broken.cif': 'data_x\n_cell_length_a 1\n',
      'README.md': '# hi',
    });
    await aliceApi.upload('uploadRawPut', new File([zip], 'data.zip'), {
      params: { upload_id: uploadId, path: '' },
      query: { wait_for_processing: true },
    });
    const upload = await waitProcessed(uploadId, alice);
    expect(upload.process_status).toBe('SUCCESS');
    const entries = await aliceApi.call('uploadEntries', {
      params: { upload_id: uploadId },
      query: { order_by: 'mainfile' },
    });
    expect(entries.processing_successful).toBe(1);
    expect(entries.processing_failed).toBe(1);
    const broken = entries.data.find((e) => e.mainfile === 'structures/broken.cif');
    expect(broken?.process_status).toBe('FAILURE');
    expect(broken?.errors.join(' ')).toMatch(/atom sites|cell/i);

    const dir = await aliceApi.call('uploadRawDir', {
      params: { upload_id: uploadId, path: 'structures' },
      query: { include_entry_info: true },
    });
    const content = dir.directory_metadata?.content ?? [];
    expect(content.map((c) => c.name)).toEqual(['broken.cif', 'NaCl.cif']);
    expect(content.find((c) => c.name === 'NaCl.cif')?.entry_id).toHaveLength(28);
  });

  it('refuses paths and archives that would escape the upload, keeping what was stored', async () => {
    const { uploadId } = await uploadProcessed(aliceApi, 'NaCl.cif', nacl);
    const put = (fileName: string, content: Uint8Array) =>
      aliceApi.upload('uploadRawPut', new Blob([content]), {
        params: { upload_id: uploadId, path: '' },
        query: { file_name: fileName },
      });
    const evil = makeZip({ 'ok.txt': 'fine', '../../escape.txt': 'evil' });
    const [slipStatus, slip] = await refusalOf(put('evil.zip', evil));
    expect(slipStatus).toBe(400);
    expect((slip as { detail: string }).detail).toMatch(/Bad path/);
    // All or nothing: not even the harmless member of the refused archive was kept.
    expect((await refusalOf(rawFile(aliceApi, uploadId, 'ok.txt')))[0]).toBe(404);
    expect(await (await rawFile(aliceApi, uploadId, 'NaCl.cif')).blob.text()).toBe(nacl);

    // raw: the escaping path is spelled out with its encoded slashes.
    const traversal = await fetch(`${server.api}/uploads/${uploadId}/raw/..%2F..%2Fetc%2Fpasswd`, as(alice));
    expect(traversal.status).toBe(400);
    const [corruptStatus, corrupt] = await refusalOf(
      put('bad.zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)])),
    );
    expect(corruptStatus).toBe(400);
    expect((corrupt as { detail: string }).detail).toMatch(/zip/i);
  });

  it('lets only writers change and only the main author delete an upload', async () => {
    const { upload_id: uploadId } = await aliceApi.call('uploadCreate');
    const upload = { params: { upload_id: uploadId } };
    const put = bobApi.upload('uploadRawPut', new Blob([nacl]), {
      params: { upload_id: uploadId, path: '' },
      query: { file_name: 'x.cif' },
    });
    expect((await refusalOf(put))[0]).toBe(401);
    expect((await refusalOf(bobApi.call('uploadDelete', upload)))[0]).toBe(401);
    expect((await refusalOf(apiClient(server).call('uploadsList')))[0]).toBe(401);
    const mine = await bobApi.call('uploadsList', { query: { page_size: 100 } });
    expect(mine.data.map((u) => u.upload_id)).not.toContain(uploadId);
    await aliceApi.call('uploadDelete', upload);
    expect((await refusalOf(aliceApi.call('uploadById', upload)))[0]).toBe(404);
  });

  it('answers unknown quantities with a 422 naming them, as NOMAD does', async () => {
    const [status, body] = await refusalOf(
      aliceApi.call('entriesQuery', { body: { query: { 'results.nope': 1 } } }),
    );
    expect(status).toBe(422);
    expect((body as { detail: Array<{ msg: string }> }).detail[0]?.msg).toBe(
      'results.nope is not a doc quantity',
    );
  });
});
