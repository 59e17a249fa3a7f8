import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';
import { as, json, waitProcessed as waitUntilProcessed } from '../testing/http.ts';
import { naclCif as nacl } from '../testing/structures.ts';
import { SERVER_VERSION } from '../version.ts';

describe('uploads, processing and search', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  const waitProcessed = (uploadId: string, token: string) => waitUntilProcessed(server, uploadId, token);

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
  });
  afterAll(async () => server?.close());

  it('turns a CIF sent as the request body into an entry found by its elements, for its author only', async () => {
    const created = await fetch(
      `${server.api}/uploads?file_name=NaCl.cif`,
      as(alice, { method: 'POST', body: nacl }),
    );
    expect(created.status).toBe(200);
    const { upload_id: uploadId } = await json<{ upload_id: string }>(created);
    expect(uploadId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const upload = await waitProcessed(uploadId, alice);
    expect(upload.process_status).toBe('SUCCESS');

    const entries = await json<{
      data: Array<{ entry_id: string; mainfile: string; process_status: string }>;
    }>(await fetch(`${server.api}/uploads/${uploadId}/entries`, as(alice)));
    expect(entries.data).toHaveLength(1);
    expect(entries.data[0]).toMatchObject({ mainfile: 'NaCl.cif', process_status: 'SUCCESS' });
    const entryId = entries.data[0]!.entry_id;
    expect(entryId).toHaveLength(28);

    const query = { owner: 'visible', query: { 'results.material.elements': { all: ['Cl', 'Na'] } } };
    const found = await json<{ pagination: { total: number }; data: Array<Record<string, unknown>> }>(
      await fetch(
        `${server.api}/entries/query`,
        as(alice, {
          method: 'POST',
          body: JSON.stringify(query),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(found.pagination.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      entry_id: entryId,
      results: { material: { chemical_formula_reduced: 'ClNa' } },
    });

    const aggregated = await json<{
      aggregations: { elements: { terms: { data: Array<{ value: string; count: number }> } } };
    }>(
      await fetch(
        `${server.api}/entries/query`,
        as(alice, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...query,
            pagination: { page_size: 0 },
            aggregations: { elements: { terms: { quantity: 'results.material.elements', size: 118 } } },
          }),
        }),
      ),
    );
    expect(aggregated.aggregations.elements.terms.data).toEqual([
      { value: 'Cl', count: 1, nested_count: 1 },
      { value: 'Na', count: 1, nested_count: 1 },
    ]);

    const none = await json<{ pagination: { total: number } }>(
      await fetch(
        `${server.api}/entries/query`,
        as(alice, {
          method: 'POST',
          body: JSON.stringify({ query: { 'results.material.elements': { any: ['Fe'] } } }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(none.pagination.total).toBe(0);

    // Unpublished data stays with its members: anonymous and other users neither find nor read it.
    for (const token of [undefined, bob]) {
      const hidden = await json<{ pagination: { total: number } }>(
        await fetch(
          `${server.api}/entries/query`,
          as(token, {
            method: 'POST',
            body: JSON.stringify(query),
            headers: { 'content-type': 'application/json' },
          }),
        ),
      );
      expect(hidden.pagination.total).toBe(0);
      expect((await fetch(`${server.api}/entries/${entryId}`, as(token))).status).toBe(404);
      expect((await fetch(`${server.api}/uploads/${uploadId}`, as(token))).status).toBe(401);
      expect((await fetch(`${server.api}/uploads/${uploadId}/raw/NaCl.cif`, as(token))).status).toBe(401);
    }

    const entry = await json<{ data: Record<string, unknown> }>(
      await fetch(`${server.api}/entries/${entryId}`, as(alice)),
    );
    expect(entry.data).toMatchObject({
      entry_id: entryId,
      upload_id: uploadId,
      mainfile: 'NaCl.cif',
      // The version that processed it (the entry page's 'processing version').
      nomad_version: SERVER_VERSION,
    });

    const archive = await json<{ data: { archive: Record<string, unknown> } }>(
      await fetch(
        `${server.api}/entries/${entryId}/archive/query`,
        as(alice, {
          method: 'POST',
          body: JSON.stringify({ required: { processing_logs: '*' } }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(Object.keys(archive.data.archive)).toEqual(['processing_logs']);

    const raw = await fetch(`${server.api}/uploads/${uploadId}/raw/NaCl.cif`, as(alice));
    expect(await raw.text()).toBe(nacl);
  });

  it('extracts zip files, fails a broken file on its own, and lists directories', async () => {
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads`, as(alice, { method: 'POST' })),
    );
    const zip = makeZip({
      'structures/NaCl.cif': nacl,
      'structures/broken.cif': 'data_x\n_cell_length_a 1\n',
      'README.md': '# hi',
    });
    const form = new FormData();
    form.append('file', new Blob([zip]), 'data.zip');
    const put = await fetch(
      `${server.api}/uploads/${uploadId}/raw/?wait_for_processing=true`,
      as(alice, { method: 'PUT', body: form }),
    );
    expect(put.status).toBe(200);
    const upload = await waitProcessed(uploadId, alice);
    expect(upload.process_status).toBe('SUCCESS');
    const entries = await json<{
      processing_failed: number;
      processing_successful: number;
      data: Array<{ mainfile: string; process_status: string; errors: string[] }>;
    }>(await fetch(`${server.api}/uploads/${uploadId}/entries?order_by=mainfile`, as(alice)));
    expect(entries.processing_successful).toBe(1);
    expect(entries.processing_failed).toBe(1);
    const broken = entries.data.find((e) => e.mainfile === 'structures/broken.cif');
    expect(broken?.process_status).toBe('FAILURE');
    expect(broken?.errors.join(' ')).toMatch(/atom sites|cell/i);

    const dir = await json<{
      directory_metadata: { content: Array<{ name: string; is_file: boolean; entry_id?: string }> };
    }>(await fetch(`${server.api}/uploads/${uploadId}/rawdir/structures?include_entry_info=true`, as(alice)));
    expect(dir.directory_metadata.content.map((c) => c.name)).toEqual(['broken.cif', 'NaCl.cif']);
    expect(dir.directory_metadata.content.find((c) => c.name === 'NaCl.cif')?.entry_id).toHaveLength(28);
  });

  it('refuses paths and archives that would escape the upload, keeping what was stored', async () => {
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=NaCl.cif`, as(alice, { method: 'POST', body: nacl })),
    );
    await waitProcessed(uploadId, alice);
    const evil = makeZip({ 'ok.txt': 'fine', '../../escape.txt': 'evil' });
    const slip = await fetch(
      `${server.api}/uploads/${uploadId}/raw/?file_name=evil.zip`,
      as(alice, { method: 'PUT', body: evil }),
    );
    expect(slip.status).toBe(400);
    expect((await json<{ detail: string }>(slip)).detail).toMatch(/Bad path/);
    // All or nothing: not even the harmless member of the refused archive was kept.
    expect((await fetch(`${server.api}/uploads/${uploadId}/raw/ok.txt`, as(alice))).status).toBe(404);
    expect((await fetch(`${server.api}/uploads/${uploadId}/raw/NaCl.cif`, as(alice))).status).toBe(200);

    const traversal = await fetch(`${server.api}/uploads/${uploadId}/raw/..%2F..%2Fetc%2Fpasswd`, as(alice));
    expect(traversal.status).toBe(400);
    const corrupt = await fetch(
      `${server.api}/uploads/${uploadId}/raw/?file_name=bad.zip`,
      as(alice, { method: 'PUT', body: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]) }),
    );
    expect(corrupt.status).toBe(400);
    expect((await json<{ detail: string }>(corrupt)).detail).toMatch(/zip/i);
  });

  it('lets only writers change and only the main author delete an upload', async () => {
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads`, as(alice, { method: 'POST' })),
    );
    expect(
      (
        await fetch(
          `${server.api}/uploads/${uploadId}/raw/?file_name=x.cif`,
          as(bob, { method: 'PUT', body: nacl }),
        )
      ).status,
    ).toBe(401);
    expect((await fetch(`${server.api}/uploads/${uploadId}`, as(bob, { method: 'DELETE' }))).status).toBe(
      401,
    );
    expect((await fetch(`${server.api}/uploads`, as(undefined))).status).toBe(401);
    const mine = await json<{ data: Array<{ upload_id: string }> }>(
      await fetch(`${server.api}/uploads?page_size=100`, as(bob)),
    );
    expect(mine.data.map((u) => u.upload_id)).not.toContain(uploadId);
    expect((await fetch(`${server.api}/uploads/${uploadId}`, as(alice, { method: 'DELETE' }))).status).toBe(
      200,
    );
    expect((await fetch(`${server.api}/uploads/${uploadId}`, as(alice))).status).toBe(404);
  });

  it('answers unknown quantities with a 422 naming them, as NOMAD does', async () => {
    const response = await fetch(
      `${server.api}/entries/query`,
      as(alice, {
        method: 'POST',
        body: JSON.stringify({ query: { 'results.nope': 1 } }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(422);
    const body = await json<{ detail: Array<{ msg: string }> }>(response);
    expect(body.detail[0]?.msg).toBe('results.nope is not a doc quantity');
  });
});
