import {
  STATUS_CODES,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { NORTH_COOKIE } from './access-cookie.ts';
import type { ProxyTarget } from './proxy-access.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are the proxy's own business, not the tool's. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer'];

/**
 * The Cookie header without the oasis's NORTH cookie, filtered as text: the other cookies reach the tool
 * byte for byte as the browser sent them (decoding and re-encoding them could change or break them).
 */
const cookiesForTool = (header: string | undefined): string | undefined => {
  const kept = (header ?? '')
    .split(';')
    .filter((part) => part.trim() !== '' && part.split('=', 1)[0]!.trim() !== NORTH_COOKIE);
  return kept.length > 0 ? kept.map((part) => part.trim()).join('; ') : undefined;
};

/**
 * The request's headers for the tool: without the oasis's credentials (the NORTH cookie, a bearer token),
 * with the instance's own token when it has one (the tool refuses requests that bypass the proxy), the
 * browser's Host kept (tools such as Jupyter compare it with Origin) and X-Forwarded-* added.
 */
const forwardedHeaders = (
  request: IncomingMessage,
  upgrade: boolean,
  target: ProxyTarget,
): IncomingHttpHeaders => {
  const headers: IncomingHttpHeaders = { ...request.headers };
  if (!upgrade) for (const name of HOP_BY_HOP) delete headers[name];
  delete headers.authorization;
  if (target.token) headers.authorization = `token ${target.token}`;
  const cookie = cookiesForTool(request.headers.cookie);
  if (cookie) headers.cookie = cookie;
  else delete headers.cookie;
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'encrypted' in request.socket ? 'https' : 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
};

/** Forwards one HTTP request to the tool and its answer back, both streamed. */
export const proxyHttp = (
  request: IncomingMessage,
  response: ServerResponse,
  target: ProxyTarget,
  onActivity: () => void,
): void => {
  onActivity();
  let upstream: ReturnType<typeof httpRequest>;
  try {
    upstream = httpRequest({
      host: '127.0.0.1',
      port: target.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request, false, target),
    });
  } catch {
    // A header Node will not send on: answered here, never thrown into the server.
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ detail: 'The request could not be passed to the tool.' }));
    return;
  }
  upstream.on('response', (answer) => {
    const headers: Record<string, string | string[] | number> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(name)) headers[name] = value;
    }
    if (target.renewCookie) {
      const own = answer.headers['set-cookie'] ?? [];
      headers['set-cookie'] = [...own, target.renewCookie];
    }
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    answer.pipe(response);
    answer.on('data', onActivity);
  });
  upstream.on('error', () => {
    if (!response.headersSent) {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'The tool did not answer.' }));
    } else response.destroy();
  });
  response.on('close', () => upstream.destroy());
  request.pipe(upstream);
};

/** Writes the request line and headers of an upgrade request, as the tool is to receive them. */
const requestHead = (request: IncomingMessage, target: ProxyTarget): string => {
  const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
  for (const [name, value] of Object.entries(forwardedHeaders(request, true, target))) {
    for (const item of [value ?? []].flat()) lines.push(`${name}: ${item}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
};

/** Joins a WebSocket (or other upgrade) connection to the tool: bytes both ways, until either side ends. */
export const proxyUpgrade = (
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  target: ProxyTarget,
  onActivity: () => void,
): void => {
  onActivity();
  const upstream = connect({ host: '127.0.0.1', port: target.port }, () => {
    upstream.write(requestHead(request, target));
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('data', onActivity);
  socket.on('data', onActivity);
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', end);
  upstream.on('close', end);
  socket.on('error', end);
  socket.on('close', end);
};

/**
 * Node takes its own error handling off a socket before handing it to 'upgrade' listeners: without one, a
 * client resetting the connection would raise an unhandled 'error' and end the server process. Every upgrade
 * socket gets one first.
 */
export const guardUpgradeSocket = (socket: Duplex): void => {
  socket.on('error', () => socket.destroy());
};

/** A client that does not read the refusal loses its socket anyway. */
const REFUSAL_DEADLINE_MS = 10_000;

/** Answers a refused upgrade request on its raw socket (no HTTP server answer exists for upgrades), closes it. */
export const refuseUpgrade = (socket: Duplex, status: number, detail: string): void => {
  const body = JSON.stringify({ detail });
  const deadline = setTimeout(() => socket.destroy(), REFUSAL_DEADLINE_MS);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
};
