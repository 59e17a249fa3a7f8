// Reprocessing, processing logs and upload errors, against the real server and embedded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

interface EntryRow {
  entry_id: string;
  mainfile: string;
  process_status: string;
}

describe('processing an upload again', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;

  const entriesOf = async (uploadId: string): Promise<EntryRow[]> =>
    (
      await json<{ data: EntryRow[] }>(
        await fetch(`${server.api}/uploads/${uploadId}/entries?order_by=mainfile`, as(alice)),
      )
    ).data;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
  });
  afterAll(async () => server?.close());

  it('keeps entry ids, drops entries whose mainfile is gone and adds new ones', async () => {
    const zip = makeZip({ 'a/NaCl.cif': naclCif, 'b/NaCl.cif': naclCif, 'broken.cif': 'data_x\n' });
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=data.zip`, as(alice, { method: 'POST', body: zip })),
    );
    const first = await waitProcessed(server, uploadId, alice);
    expect(first.process_status).toBe('SUCCESS');
    // The failed entry is named in the upload's errors; its siblings are processed.
    expect(first.errors).toHaveLength(1);
    expect(first.errors[0]).toMatch(/^broken\.cif: /);
    const before = await entriesOf(uploadId);
    expect(before.map((e) => [e.mainfile, e.process_status])).toEqual([
      ['a/NaCl.cif', 'SUCCESS'],
      ['b/NaCl.cif', 'SUCCESS'],
      ['broken.cif', 'FAILURE'],
    ]);

    // Change the raw files without processing, then ask for processing explicitly.
    const raw = (path: string, init: RequestInit) =>
      fetch(`${server.api}/uploads/${uploadId}/raw/${path}`, as(alice, init));
    expect((await raw('..%2F..%2Fx', { method: 'DELETE' })).status).toBe(400);
    expect((await raw('nothing-here', { method: 'DELETE' })).status).toBe(404);
    const foreign = await fetch(
      `${server.api}/uploads/${uploadId}/raw/b/NaCl.cif`,
      as(bob, { method: 'DELETE' }),
    );
    expect(foreign.status).toBeGreaterThanOrEqual(401);
    expect((await raw('b/NaCl.cif', { method: 'DELETE' })).status).toBe(200);
    expect(
      (await raw('c/?file_name=KCl.cif', { method: 'PUT', body: naclCif.replace(/Na/g, 'K') })).status,
    ).toBe(200);
    await waitProcessed(server, uploadId, alice);
    expect(
      (await fetch(`${server.api}/uploads/${uploadId}/action/process`, as(bob, { method: 'POST' }))).status,
    ).toBeGreaterThanOrEqual(401);
    const reprocess = await fetch(
      `${server.api}/uploads/${uploadId}/action/process`,
      as(alice, { method: 'POST' }),
    );
    expect(reprocess.status).toBe(200);
    await waitProcessed(server, uploadId, alice);

    const after = await entriesOf(uploadId);
    expect(after.map((e) => e.mainfile)).toEqual(['a/NaCl.cif', 'broken.cif', 'c/KCl.cif']);
    const id = (rows: EntryRow[], mainfile: string) => rows.find((e) => e.mainfile === mainfile)?.entry_id;
    expect(id(after, 'a/NaCl.cif')).toBe(id(before, 'a/NaCl.cif'));
    expect(id(after, 'broken.cif')).toBe(id(before, 'broken.cif'));
    const gone = await fetch(`${server.api}/entries/${id(before, 'b/NaCl.cif')}`, as(alice));
    expect(gone.status).toBe(404);
  });

  it('serves the processing logs of an entry through the archive query', async () => {
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(
        `${server.api}/uploads?file_name=broken.cif`,
        as(alice, { method: 'POST', body: 'data_x\n' }),
      ),
    );
    await waitProcessed(server, uploadId, alice);
    const [entry] = await entriesOf(uploadId);
    const response = await fetch(
      `${server.api}/entries/${entry?.entry_id}/archive/query`,
      as(alice, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${alice}` },
        body: JSON.stringify({ required: { processing_logs: '*' } }),
      }),
    );
    expect(response.status).toBe(200);
    const { data } = await json<{
      data: { archive: { processing_logs: Array<Record<string, string>>; results?: unknown } };
    }>(response);
    expect(data.archive.results).toBeUndefined();
    const error = data.archive.processing_logs.find((log) => log.level === 'ERROR');
    expect(error).toMatchObject({ parser: 'parsers/cif' });
    expect(error?.event).toMatch(/parser failed/);
    expect(Date.parse(error?.timestamp ?? '')).not.toBeNaN();
  });

  it('takes an empty zip without entries or errors, and refuses a corrupt one keeping the upload', async () => {
    const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads?file_name=empty.zip`, as(alice, { method: 'POST', body: emptyZip })),
    );
    const upload = await waitProcessed(server, uploadId, alice);
    expect(upload).toMatchObject({ process_status: 'SUCCESS', errors: [] });
    expect(await entriesOf(uploadId)).toEqual([]);
  });
});
