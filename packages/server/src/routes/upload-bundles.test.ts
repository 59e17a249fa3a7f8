// Publishing to another installation: two oasis servers on loopback, A sending a published upload to B.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserById } from '../store/users.ts';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

interface Upload {
  upload_id: string;
  published: boolean;
  published_to: string[];
  process_status: string;
  process_running: boolean;
  current_process: string | null;
  errors: string[];
  main_author: string;
  entries: number;
}

describe('publishing to another installation', () => {
  let a: TestServer;
  let b: TestServer;
  let centralUrl: string;
  const tokens: Record<string, string> = {};
  let uploadId = '';

  const call = (server: TestServer, method: string, path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${server.api}${path}`, as(token, { method, ...init }));
  const uploadOn = async (server: TestServer, token: string) =>
    (await json<{ data: Upload }>(await call(server, 'GET', `/uploads/${uploadId}`, token))).data;
  const entriesFound = async (server: TestServer) =>
    (
      await json<{ pagination: { total: number } }>(
        await call(server, 'POST', '/entries/query', undefined, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ owner: 'public', query: { upload_id: uploadId } }),
        }),
      )
    ).pagination.total;
  /** Waits until A's send job has finished. */
  const sent = async () => {
    for (let i = 0; i < 200; i++) {
      const upload = await uploadOn(a, tokens.ada!);
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
    const created = await json<{ upload_id: string }>(
      await call(a, 'POST', '/uploads?file_name=NaCl.cif', tokens.ada, { body: naclCif }),
    );
    uploadId = created.upload_id;
    await waitProcessed(a, uploadId, tokens.ada!);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses others than the main author, and deployments without a target', async () => {
    const bob = await call(
      a,
      'POST',
      `/uploads/${uploadId}/action/publish?to_central_nomad=true`,
      tokens.bob,
    );
    expect(bob.status).toBe(401);
    const unconfigured = await call(
      b,
      'POST',
      `/uploads/${uploadId}/action/publish?to_central_nomad=true`,
      tokens.plain,
    );
    expect(unconfigured.status).toBe(404);
    expect((await uploadOn(a, tokens.ada!)).published).toBe(false);
  });

  it('publishes and sends; the upload and its entries are found on the other installation', async () => {
    const response = await call(
      a,
      'POST',
      `/uploads/${uploadId}/action/publish?to_central_nomad=true`,
      tokens.ada,
    );
    expect(response.status).toBe(200);
    const upload = await sent();
    expect(upload).toMatchObject({ published: true, process_status: 'SUCCESS', published_to: [centralUrl] });

    const there = await uploadOn(b, tokens.plain!);
    expect(there).toMatchObject({ upload_id: uploadId, published: true, entries: upload.entries });
    expect((await findUserById(b.ctx.db, there.main_author))?.email).toBe('ada@example.org');
    expect(await entriesFound(b)).toBe(await entriesFound(a));
    expect(await entriesFound(b)).toBeGreaterThan(0);
  }, 60_000);

  it('sends nothing again once the target has the upload', async () => {
    const again = await call(
      a,
      'POST',
      `/uploads/${uploadId}/action/publish?to_central_nomad=true`,
      tokens.ada,
    );
    expect((await json<{ data: Upload }>(again)).data).toMatchObject({
      process_running: false,
      published_to: [centralUrl],
    });
  });

  it('imports only from admins and allowed importers, and only sound bundles', async () => {
    const bundle = await call(a, 'GET', `/uploads/${uploadId}/bundle`, tokens.ada);
    expect(bundle.status).toBe(200);
    const bytes = Buffer.from(await bundle.arrayBuffer());
    const byPlain = await call(b, 'POST', '/uploads/bundle', tokens.plain, { body: bytes });
    expect(byPlain.status).toBe(401);
    expect(await json(byPlain)).toEqual({ detail: 'User not authorized to import bundles' });
    expect((await call(a, 'GET', `/uploads/${uploadId}/bundle`, tokens.bob)).status).toBe(401);

    const adminToken = await json<{ access_token: string }>(
      await fetch(`${b.api}/auth/token?username=central&password=central-password`),
    );
    const broken = await call(b, 'POST', '/uploads/bundle', adminToken.access_token, { body: 'not a zip' });
    expect(broken.status).toBe(400);
    // The same upload again: a no-op answering the upload B has.
    const repeated = await call(b, 'POST', '/uploads/bundle', adminToken.access_token, { body: bytes });
    expect(repeated.status).toBe(200);
    expect((await json<{ upload_id: string }>(repeated)).upload_id).toBe(uploadId);
  });
});
