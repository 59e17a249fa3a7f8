// NORTH against the real server and real tool processes (testing/fixtures/north-tool.mjs): launched per
// user and tool, reached only by its owner through the proxy (HTTP and WebSocket), sees the user's uploads
// (unpublished writable, published read-only), stopped on request, when idle and at shutdown.
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { ApiClient } from '@oasis/client';
import type { NorthToolResponse } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, as, json, refusalOf, waitProcessed } from '../testing/http.ts';
import { readNorthConfig } from '../config/north.ts';
import { fixtureNorthConfig, fixtureToolCommand } from '../testing/north.ts';
import { naclCif } from '../testing/structures.ts';
import { setUploadAccess } from '../testing/upload-access.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { readUntil, until } from '../testing/until.ts';

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

const createUpload = async (server: TestServer, token: string, fileName: string, text: string) => {
  const created = await apiClient(server, token).upload('uploadCreate', new Blob([text]), {
    query: { file_name: fileName },
  });
  await waitProcessed(server, created.upload_id, token);
  return created.upload_id;
};

/** The tool calls of the API as `api`'s user. */
const northOf = (api: ApiClient) => ({
  get: (name: string, uploadId?: string) =>
    api.call('northTool', { params: { name }, query: { upload_id: uploadId } }),
  start: (name: string) => api.call('northToolStart', { params: { name } }),
  stop: (name: string) => api.call('northToolStop', { params: { name } }),
});

/** The cookie value of a Set-Cookie answer, ready for a Cookie header. */
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** The status of a GET of `urlPath` exactly as written (no URL normalisation on the way). */
const rawStatus = (origin: string, urlPath: string, cookie: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const request = httpRequest({ hostname, port, path: urlPath, headers: { cookie } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });

/** A WebSocket opening handshake; answers the status line and the first bytes after the headers. */
const openWebSocket = (origin: string, urlPath: string, cookie: string) =>
  new Promise<{ status: number; firstFrame: string }>((resolve, reject) => {
    const request = httpRequest(`${origin}${urlPath}`, {
      headers: {
        cookie,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    request.on('upgrade', (answer, socket, head: Buffer) => {
      const done = (data: Buffer) => {
        resolve({ status: answer.statusCode ?? 0, firstFrame: data.subarray(2).toString() });
        socket.destroy();
      };
      // The first frame may come in the same packet as the 101 answer: then it is in `head`, and no
      // 'data' event follows for it.
      if (head.length > 0) done(head);
      else socket.once('data', done);
    });
    request.on('response', (answer) => {
      resolve({ status: answer.statusCode ?? 0, firstFrame: '' });
      answer.resume();
    });
    request.on('error', reject);
    request.end();
  });

describe('NORTH tools', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let draftId: string;
  let publishedId: string;
  let aliceNorth: ReturnType<typeof northOf>;
  let bobNorth: ReturnType<typeof northOf>;
  /** Tool calls that stay raw: they check or use the tool pass cookie (set-cookie), which the client hides. */
  const tool = (name: string, query = '') => `${server.api}/north/${name}${query}`;
  const toolUrl = (username: string, name: string, rest = '') =>
    `${server.origin}/nomad-oasis/north/user/${username}/${name}/${rest}`;

  beforeAll(async () => {
    server = await startTestServer({
      northEnabled: true,
      north: fixtureNorthConfig(['fixture', 'second', 'third'], { max_instances_per_user: 2 }),
    });
    alice = await createUserWithToken(server, 'alice');
    bob = await createUserWithToken(server, 'bob');
    aliceNorth = northOf(apiClient(server, alice));
    bobNorth = northOf(apiClient(server, bob));
    draftId = await createUpload(server, alice, 'notes.txt', 'draft notes');
    publishedId = await createUpload(server, alice, 'final.txt', 'final words');
    await setUploadAccess(server.ctx.db, publishedId, { published: true, upload_name: 'Final Data' });
  });
  afterAll(async () => server.close());

  it('lists the configured tools, with states for a logged-in caller only', async () => {
    const anonymous = await apiClient(server).call('northTools');
    expect(anonymous.data.map((item) => [item.name, item.state])).toEqual([
      ['fixture', undefined],
      ['second', undefined],
      ['third', undefined],
    ]);
    const mine = await apiClient(server, alice).call('northTools');
    expect(mine.data[0]).toMatchObject({
      name: 'fixture',
      state: 'stopped',
      with_path: true,
      file_extensions: ['txt'],
    });
    expect(mine.data[0]).not.toHaveProperty('command');
  });

  it('answers 401 to anonymous callers and 404 for unknown tools', async () => {
    const anonymous = northOf(apiClient(server));
    for (const method of ['get', 'start', 'stop'] as const) {
      expect([method, (await refusalOf(anonymous[method]('fixture')))[0]]).toEqual([method, 401]);
      expect([method, (await refusalOf(aliceNorth[method]('nope')))[0]]).toEqual([method, 404]);
    }
    expect((await refusalOf(aliceNorth.get('x'.repeat(65))))[0]).toBe(422);
  });

  it('launches the tool, which sees the uploads through the proxy, and stops it', async () => {
    const launch = await fetch(tool('fixture', `?upload_id=${draftId}`), as(alice, { method: 'POST' }));
    expect(launch.status, await launch.clone().text()).toBe(200);
    const answer = await json<NorthToolResponse>(launch);
    expect(answer).toMatchObject({
      tool: 'fixture',
      username: 'alice',
      upload_mount_dir: `uploads/${draftId}`,
    });
    expect(answer.data.state).toBe('running');
    const cookie = cookieOf(launch);
    expect(launch.headers.get('set-cookie')).toMatch(
      /Path=\/nomad-oasis\/north\/user\/alice\/; .*HttpOnly; SameSite=Strict/,
    );

    const files = await json<string[]>(
      await fetch(toolUrl('alice', 'fixture', 'files'), { headers: { cookie } }),
    );
    expect(files).toContain(`uploads/${draftId}/notes.txt`);
    expect(files).toContain(`uploads/final-data-${publishedId}/final.txt`);
    const page = await fetch(toolUrl('alice', 'fixture'), { headers: { cookie: `${cookie}; other=1` } });
    const html = await page.text();
    expect(html).toContain('notes.txt');
    // The oasis's own credentials never reach the tool.
    expect(html).toContain('other=1');
    expect(html).not.toContain('north_access');

    // Unpublished: the tool writes into the upload; published: files and folders without write bits.
    const write = await fetch(toolUrl('alice', 'fixture', `write?path=uploads/${draftId}/from-tool.txt`), {
      method: 'POST',
      headers: { cookie },
      body: 'written by the tool',
    });
    expect(write.status).toBe(201);
    const raw = await apiClient(server, alice).file('uploadRawFile', {
      params: { upload_id: draftId, path: 'from-tool.txt' },
    });
    expect(await raw.blob.text()).toBe('written by the tool');
    const mirror = path.join(server.ctx.config.dataDir, 'north');
    const userDirs = readdirSync(mirror);
    const publishedDir = path.join(mirror, userDirs[0]!, 'fixture', `uploads/final-data-${publishedId}`);
    expect(statSync(publishedDir).mode & 0o777).toBe(0o555);
    expect(statSync(path.join(publishedDir, 'final.txt')).mode & 0o777).toBe(0o444);

    const status = await aliceNorth.get('fixture', draftId);
    expect(status).toMatchObject({ upload_id_is_mounted: true, data: { state: 'running' } });
    const later = await createUpload(server, alice, 'later.txt', 'later');
    const notMounted = await aliceNorth.get('fixture', later);
    expect(notMounted.upload_id_is_mounted).toBe(false);

    const port = server.ctx.north.instance(await userId(server, 'alice'), 'fixture')!.port;
    const stop = await aliceNorth.stop('fixture');
    expect(stop.data.state).toBe('stopped');
    expect(await portAnswers(port)).toBe(false);
    expect((await fetch(toolUrl('alice', 'fixture', 'files'), { headers: { cookie } })).status).toBe(404);
  });

  it('lets only the owner through the proxy, for HTTP and WebSocket', async () => {
    // raw: the launch and the status read hand out the tool pass cookies used below.
    const launch = await fetch(tool('fixture'), as(alice, { method: 'POST' }));
    const aliceCookie = cookieOf(launch);
    const bobCookie = cookieOf(await fetch(tool('fixture'), as(bob)));
    const files = toolUrl('alice', 'fixture', 'files');
    expect((await fetch(files)).status).toBe(401);
    expect((await fetch(files, { headers: { cookie: bobCookie } })).status).toBe(403);
    const forged = aliceCookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await fetch(files, { headers: { cookie: forged } })).status).toBe(401);
    // Bob's cookie on his own path finds no tool of his: his path never leads to Alice's instance.
    expect((await fetch(toolUrl('bob', 'fixture', 'files'), { headers: { cookie: bobCookie } })).status).toBe(
      404,
    );
    // Sent as written (fetch would resolve the dots itself): dot segments are refused, not resolved.
    for (const sneaky of [
      '../../bob/fixture/files',
      '%2e%2e/%2E%2e/bob/fixture/',
      'a\\..\\files',
      './files',
    ]) {
      expect(
        await rawStatus(server.origin, `/nomad-oasis/north/user/alice/fixture/${sneaky}`, aliceCookie),
      ).toBe(400);
    }

    // Around the proxy, straight to the tool's loopback port (as another user's tool could): the tool
    // refuses what does not carry the instance's token, which only the proxy sends.
    const port = server.ctx.north.instance(await userId(server, 'alice'), 'fixture')!.port;
    expect((await fetch(`http://127.0.0.1:${port}/nomad-oasis/north/user/alice/fixture/files`)).status).toBe(
      403,
    );
    // The tool gets the browser's other cookies byte for byte, without the oasis's.
    const page = await fetch(toolUrl('alice', 'fixture'), {
      headers: { cookie: `a=%E2%82%AC; ${aliceCookie}; b="q r"` },
    });
    expect(await page.text()).toContain('<p id="cookie">a=%E2%82%AC; b="q r"</p>');

    const socketPath = '/nomad-oasis/north/user/alice/fixture/ws';
    const open = await openWebSocket(server.origin, socketPath, aliceCookie);
    expect(open.status).toBe(101);
    expect(open.firstFrame).toMatch(/^hello \d+$/);
    expect((await openWebSocket(server.origin, socketPath, '')).status).toBe(401);
    expect((await openWebSocket(server.origin, socketPath, bobCookie)).status).toBe(403);
    await aliceNorth.stop('fixture');
  });

  it('mounts an upload published while the tool runs read-only from then on', async () => {
    const cifId = await createUpload(server, alice, 'NaCl.cif', naclCif);
    // raw: the launch hands out the tool pass cookie used below.
    const launch = await fetch(tool('second'), as(alice, { method: 'POST' }));
    expect((await json<NorthToolResponse>(launch)).data.state).toBe('running');
    const instance = server.ctx.north.instance(await userId(server, 'alice'), 'second')!;
    const mounted = path.join(instance.workDir, instance.mountedUploads.get(cifId)!);
    expect(lstatSync(mounted).isSymbolicLink()).toBe(true);
    await apiClient(server, alice).call('uploadPublish', { params: { upload_id: cifId } });
    expect(lstatSync(mounted).isSymbolicLink()).toBe(false);
    expect(statSync(mounted).mode & 0o777).toBe(0o555);
    expect(statSync(path.join(mounted, 'NaCl.cif')).mode & 0o777).toBe(0o444);
    const files = await json<string[]>(
      await fetch(toolUrl('alice', 'second', 'files'), { headers: { cookie: cookieOf(launch) } }),
    );
    expect(files).toContain(`uploads/${cifId}/NaCl.cif`);
    await aliceNorth.stop('second');
  });

  it('gives an app token states and launches but no pass into the tool', async () => {
    const appToken = await apiClient(server, alice).call('authAppToken', { query: { expires_in: 600 } });
    const launch = await fetch(tool('fixture'), as(appToken.app_token, { method: 'POST' }));
    expect(launch.status).toBe(200);
    expect(launch.headers.get('set-cookie')).toBeNull();
    expect((await fetch(tool('fixture'), as(appToken.app_token))).headers.get('set-cookie')).toBeNull();
    expect((await fetch(tool('fixture'), as(alice))).headers.get('set-cookie')).toMatch(/^north_access=/);
    await aliceNorth.stop('fixture');
  });

  it('runs one instance per user and tool, at most two tools per user here', async () => {
    const [first, again] = await Promise.all([aliceNorth.start('second'), aliceNorth.start('second')]);
    // Both callers learn the outcome of the one start, neither is left with 'starting'.
    expect([first.data.state, again.data.state]).toEqual(['running', 'running']);
    expect((await aliceNorth.start('fixture')).data.state).toBe('running');
    expect((await refusalOf(aliceNorth.start('third')))[0]).toBe(409);
    expect((await bobNorth.start('third')).data.state).toBe('running');
    for (const [north, name] of [
      [aliceNorth, 'second'],
      [aliceNorth, 'fixture'],
      [bobNorth, 'third'],
    ] as const) {
      await north.stop(name);
    }
  });
});

const userId = async (server: TestServer, username: string): Promise<string> => {
  const { rows } = await server.ctx.db.query<{ user_id: string }>(
    'SELECT user_id FROM users WHERE username = $1',
    [username],
  );
  return rows[0]!.user_id;
};

describe('NORTH idle and shutdown stops', () => {
  it('stops a tool nobody used for the idle time, and every tool when the server stops', async () => {
    const server = await startTestServer({
      northEnabled: true,
      north: fixtureNorthConfig(['fixture'], { idle_timeout: 0.6 }),
    });
    try {
      const carol = northOf(apiClient(server, await createUserWithToken(server, 'carol')));
      expect((await carol.start('fixture')).data.state).toBe('running');
      // The idle sweep runs on its own clock: wait for it rather than for a time.
      const state = async () => (await carol.get('fixture')).data.state;
      expect(await readUntil(state, (now) => now === 'stopped')).toBe('stopped');

      await carol.start('fixture');
      const port = server.ctx.north.instance(await userId(server, 'carol'), 'fixture')!.port;
      expect(await portAnswers(port)).toBe(true);
      await server.close();
      expect(await portAnswers(port)).toBe(false);
    } finally {
      await server.close().catch(() => undefined);
    }
  });

  it('answers a launch during another one of the same tool with the outcome, not with starting', async () => {
    const server = await startTestServer({
      northEnabled: true,
      north: readNorthConfig({
        enabled: true,
        tools: { options: { slow: { command: `${fixtureToolCommand()} --delay 1000` } } },
      }),
    });
    try {
      const frank = northOf(apiClient(server, await createUserWithToken(server, 'frank')));
      const first = frank.start('slow');
      // The first start is under way (its instance exists, its port does not answer yet).
      const frankId = await userId(server, 'frank');
      await until(() => server.ctx.north.instance(frankId, 'slow') !== undefined);
      const second = await frank.start('slow');
      expect(second.data.state).toBe('running');
      expect((await first).data.state).toBe('running');
    } finally {
      await server.close();
    }
  });

  it('answers error for a tool that ends before it answers on its port', async () => {
    const server = await startTestServer({
      northEnabled: true,
      north: readNorthConfig({
        enabled: true,
        max_instances_per_user: 1,
        tools: {
          options: {
            broken: { command: `"${process.execPath}" -e "process.exit(3)"` },
            fine: { command: fixtureToolCommand() },
          },
        },
      }),
    });
    try {
      const erin = northOf(apiClient(server, await createUserWithToken(server, 'erin')));
      const launch = await erin.start('broken');
      expect(launch.data.state).toBe('error');
      // A failed tool holds no place: with one place per user, another tool still starts.
      const fine = await erin.start('fine');
      expect(fine.data.state).toBe('running');
      await erin.stop('fine');
      const stop = await erin.stop('broken');
      expect(stop.data.state).toBe('stopped');
    } finally {
      await server.close();
    }
  });

  it('has no NORTH routes when north.enabled is false', async () => {
    const server = await startTestServer();
    try {
      const token = await createUserWithToken(server, 'dave');
      expect((await refusalOf(apiClient(server).call('northTools')))[0]).toBe(404);
      expect((await refusalOf(northOf(apiClient(server, token)).start('jupyter')))[0]).toBe(404);
    } finally {
      await server.close();
    }
  });
});
