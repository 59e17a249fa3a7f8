// Reprocessing, processing logs and upload errors, against the real server and embedded database.
import type { ApiClient } from '@oasis/client';
import type { ProcessingLog } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

describe('processing an upload again', () => {
  let server: TestServer;
  let alice: string;
  let aliceApi: ApiClient;
  let bobApi: ApiClient;

  const entriesOf = async (uploadId: string) =>
    (
      await aliceApi.call('uploadEntries', {
        params: { upload_id: uploadId },
        query: { order_by: 'mainfile' },
      })
    ).data;
  const uploadOf = async (fileName: string, content: string | Uint8Array) =>
    (await aliceApi.upload('uploadCreate', new Blob([content]), { query: { file_name: fileName } }))
      .upload_id;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUserWithToken(server, 'alice');
    aliceApi = apiClient(server, alice);
    bobApi = apiClient(server, await createUserWithToken(server, 'bob'));
  });
  afterAll(async () => server?.close());

  it('keeps entry ids, drops entries whose mainfile is gone and adds new ones', async () => {
    const zip = makeZip({ 'a/NaCl.cif': naclCif, 'b/NaCl.cif': naclCif, 'broken.cif': 'data_x\n' });
    const uploadId = await uploadOf('data.zip', zip);
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
    const deleteRaw = (api: ApiClient, path: string) =>
      api.call('uploadRawDelete', { params: { upload_id: uploadId, path } });
    expect((await refusalOf(deleteRaw(aliceApi, '../../x')))[0]).toBe(400);
    expect((await refusalOf(deleteRaw(aliceApi, 'nothing-here')))[0]).toBe(404);
    expect((await refusalOf(deleteRaw(bobApi, 'b/NaCl.cif')))[0]).toBeGreaterThanOrEqual(401);
    await deleteRaw(aliceApi, 'b/NaCl.cif');
    await aliceApi.upload('uploadRawPut', new Blob([naclCif.replace(/Na/g, 'K')]), {
      params: { upload_id: uploadId, path: 'c/' },
      query: { file_name: 'KCl.cif' },
    });
    await waitProcessed(server, uploadId, alice);
    const reprocess = (api: ApiClient) => api.call('uploadProcess', { params: { upload_id: uploadId } });
    expect((await refusalOf(reprocess(bobApi)))[0]).toBeGreaterThanOrEqual(401);
    await reprocess(aliceApi);
    await waitProcessed(server, uploadId, alice);

    const after = await entriesOf(uploadId);
    expect(after.map((e) => e.mainfile)).toEqual(['a/NaCl.cif', 'broken.cif', 'c/KCl.cif']);
    const id = (rows: typeof after, mainfile: string) => rows.find((e) => e.mainfile === mainfile)?.entry_id;
    expect(id(after, 'a/NaCl.cif')).toBe(id(before, 'a/NaCl.cif'));
    expect(id(after, 'broken.cif')).toBe(id(before, 'broken.cif'));
    const gone = aliceApi.call('entryById', { params: { entry_id: id(before, 'b/NaCl.cif')! } });
    expect((await refusalOf(gone))[0]).toBe(404);
  });

  it('serves the processing logs of an entry through the archive query', async () => {
    const uploadId = await uploadOf('broken.cif', 'data_x\n');
    await waitProcessed(server, uploadId, alice);
    const [entry] = await entriesOf(uploadId);
    const { data } = await aliceApi.call('entryArchiveQuery', {
      params: { entry_id: entry!.entry_id },
      body: { required: { processing_logs: '*' } },
    });
    const archive = data.archive as { processing_logs: ProcessingLog[]; results?: unknown };
    expect(archive.results).toBeUndefined();
    const error = archive.processing_logs.find((log) => log.level === 'ERROR');
    expect(error).toMatchObject({ parser: 'parsers/cif' });
    expect(error?.event).toMatch(/parser failed/);
    expect(Date.parse(error?.timestamp ?? '')).not.toBeNaN();
  });

  it('takes an empty zip without entries or errors, and refuses a corrupt one keeping the upload', async () => {
    const emptyZip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const uploadId = await uploadOf('empty.zip', emptyZip);
    const upload = await waitProcessed(server, uploadId, alice);
    expect(upload).toMatchObject({ process_status: 'SUCCESS', errors: [] });
    expect(await entriesOf(uploadId)).toEqual([]);
  });
});
