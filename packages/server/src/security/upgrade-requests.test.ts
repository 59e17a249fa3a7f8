// Upgrade (WebSocket) requests reach the server's own 'upgrade' listener, on sockets Node has taken its
// error handling off: a client that resets such a connection must not end the server process, and a
// refused one is answered and closed. The server here has NORTH off, as most installations.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const upgradeRequest = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: oasis\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

const open = (origin: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });

describe('upgrade requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('survive clients that reset the connection at any moment', async () => {
    for (const path of ['/nomad-oasis/north/user/a/b/', '/nomad-oasis/api/v1/info', '/anything']) {
      for (const when of ['at once', 'after the request', 'after the answer'] as const) {
        const socket = await open(server.origin);
        socket.on('error', () => undefined);
        if (when !== 'at once') socket.write(upgradeRequest(path));
        if (when === 'after the answer') await new Promise((resolve) => socket.once('data', resolve));
        socket.resetAndDestroy();
      }
    }
    // Several at once, reset while the server writes its refusal.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const socket = await open(server.origin);
        socket.on('error', () => undefined);
        socket.write(upgradeRequest('/nomad-oasis/north/user/a/b/'));
        setImmediate(() => socket.resetAndDestroy());
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.api}/info`)).status).toBe(200);
  });

  it('are refused with an answer, and the connection is closed', async () => {
    const socket = await open(server.origin);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(upgradeRequest('/nomad-oasis/api/v1/info'));
    await closed;
    const answer = Buffer.concat(chunks).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('{"detail":"Not Found"}');
  });
});
