// Publishing to another installation: two oasis servers on loopback, A sending a published upload to B.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserById } from '../store/users.ts';
import { apiClient, refusalOf, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

describe('publishing to another installation', () => {
  let a: TestServer;
  let b: TestServer;
  let centralUrl: string;
  const tokens: Record<string, string> = {};
  let uploadId = '';

  const client = (server: TestServer, user?: string) => apiClient(server, user && tokens[user]);
  const uploadOn = async (server: TestServer, user: string) =>
    (await client(server, user).call('uploadById', { params: { upload_id: uploadId } })).data;
  const entriesFound = async (server: TestServer) =>
    (
      await client(server).call('entriesQuery', {
        body: { owner: 'public', query: { upload_id: uploadId } },
      })
    ).pagination.total;
  const publishToCentral = (server: TestServer, user: string) =>
    client(server, user).call('uploadPublish', {
      params: { upload_id: uploadId },
      query: { to_central_nomad: true },
    });
  /** Waits until A's send job has finished. */
  const sent = async () => {
    for (let i = 0; i < 200; i++) {
      const upload = await uploadOn(a, 'ada');
      if (!upload.process_running) return upload;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('sending did not finish');
  };

  beforeAll(async () => {
    b = await startTestServer();
    await createUser(b.ctx.db, {
      username: 'central',
      password: 'central-password',
      email: 'central@example.org',
      is_admin: true,
    });
    tokens.plain = await createUserWithToken(b, 'plain');
    centralUrl = `${b.origin}/nomad-oasis/api`;
    a = await startTestServer({
      central: { url: centralUrl, username: 'central', password: 'central-password' },
    });
    for (const name of ['ada', 'bob']) tokens[name] = await createUserWithToken(a, name);
    const created = await client(a, 'ada').upload('uploadCreate', new Blob([naclCif]), {
      query: { file_name: 'NaCl.cif' },
    });
    uploadId = created.upload_id;
    await waitProcessed(a, uploadId, tokens.ada!);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses others than the main author, and deployments without a target', async () => {
    expect((await refusalOf(publishToCentral(a, 'bob')))[0]).toBe(401);
    expect((await refusalOf(publishToCentral(b, 'plain')))[0]).toBe(404);
    expect((await uploadOn(a, 'ada')).published).toBe(false);
  });

  it('publishes and sends; the upload and its entries are found on the other installation', async () => {
    await publishToCentral(a, 'ada');
    const upload = await sent();
    expect(upload).toMatchObject({ published: true, process_status: 'SUCCESS', published_to: [centralUrl] });

    const there = await uploadOn(b, 'plain');
    expect(there).toMatchObject({ upload_id: uploadId, published: true, entries: upload.entries });
    expect((await findUserById(b.ctx.db, there.main_author))?.email).toBe('ada@example.org');
    expect(await entriesFound(b)).toBe(await entriesFound(a));
    expect(await entriesFound(b)).toBeGreaterThan(0);
  }, 60_000);

  it('sends nothing again once the target has the upload', async () => {
    expect((await publishToCentral(a, 'ada')).data).toMatchObject({
      process_running: false,
      published_to: [centralUrl],
    });
  });

  it('imports only from admins and allowed importers, and only sound bundles', async () => {
    const bundle = await client(a, 'ada').file('uploadBundleExport', { params: { upload_id: uploadId } });
    const bytes = Buffer.from(await bundle.blob.arrayBuffer());
    // As a file (the sending installation streams it as the bare body instead: the test above).
    const importBundle = (token: string | undefined, body: Buffer | string) =>
      apiClient(b, token).upload('uploadBundleImport', new Blob([body]), {});
    expect(await refusalOf(importBundle(tokens.plain, bytes))).toEqual([
      401,
      { detail: 'User not authorized to import bundles' },
    ]);
    const byBob = client(a, 'bob').file('uploadBundleExport', { params: { upload_id: uploadId } });
    expect((await refusalOf(byBob))[0]).toBe(401);

    const { access_token: adminToken } = await client(b).call('authToken', {
      query: { username: 'central', password: 'central-password' },
    });
    expect((await refusalOf(importBundle(adminToken, 'not a zip')))[0]).toBe(400);
    // The same upload again: a no-op answering the upload B has.
    expect((await importBundle(adminToken, bytes)).upload_id).toBe(uploadId);
  });
});
