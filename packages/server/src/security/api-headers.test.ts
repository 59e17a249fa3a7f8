import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { as, json } from '../testing/http.ts';

const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

interface RawAnswer {
  status: number;
  body: string;
  /** Bytes of the body written when the answer began: less than all of it when the server cut it off. */
  sentBeforeAnswer: number;
  /** Milliseconds from the start of the request to the end of the answer. */
  ms: number;
}

/**
 * POSTs a body of `size` bytes that is produced only as fast as the server reads it (so a test never holds
 * 64 MB), with its Content-Length announced or sent chunked. Resolves with the answer, whether or not the
 * server read the whole body.
 */
const postLargeBody = (url: string, size: number, options: { chunked?: boolean } = {}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const started = Date.now();
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.chunked ? {} : { 'content-length': String(size) }),
      },
    });
    let answered = false;
    let sent = 0;
    request.on('response', (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, sentBeforeAnswer, ms: Date.now() - started }),
      );
    });
    // The server may close the connection while the rest of the body is on its way.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    chunk[0] = '['.charCodeAt(0);
    const pump = () => {
      while (sent < size && !request.destroyed) {
        const piece = sent === 0 ? chunk : chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });

describe('security headers of the API and the identity provider', () => {
  let server: TestServer;
  let realm: string;

  beforeAll(async () => {
    server = await startTestServer();
    realm = `${server.origin}/nomad-oasis/keycloak/auth/realms/oasis`;
  });
  afterAll(async () => server?.close());

  it('sends nosniff and a no-content, no-framing policy with JSON answers, errors included', async () => {
    for (const url of [
      `${server.api}/info`,
      `${server.api}/users?prefix=x`,
      `${server.api}/no-such-endpoint`,
      `${server.api}/openapi.json`,
      `${realm}/.well-known/openid-configuration`,
      `${realm}/protocol/openid-connect/certs`,
    ]) {
      const response = await fetch(url);
      await response.arrayBuffer();
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), url).toBe(DATA_CSP);
    }
    const validation = await fetch(`${server.api}/auth/token?username=x`);
    expect(validation.status).toBe(422);
    await validation.arrayBuffer();
    expect(validation.headers.get('content-security-policy')).toBe(DATA_CSP);
  });

  it("allows the provider pages' one style element by its hash, and no script or framing", async () => {
    const page = await fetch(
      `${realm}/protocol/openid-connect/auth?${new URLSearchParams({
        client_id: 'nomad_public',
        redirect_uri: `${server.origin}/nomad-oasis/gui/auth/callback`,
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString()}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy')!;
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it('gives the API docs a policy of their own that loads only from this server', async () => {
    const docs = await fetch(`${server.api}/docs`);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    const csp = docs.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
    // Every script of the page is a file of this server (no inline script the policy would block).
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="[^":]+"/);
    const initializer = await fetch(`${server.api}/docs/static/swagger-initializer.js`);
    expect(initializer.status).toBe(200);
    await initializer.arrayBuffer();
    expect(initializer.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('request body limit', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'bea');
  });
  afterAll(async () => server?.close());

  it('refuses a 64 MB JSON body by its Content-Length at once, and serves other requests meanwhile', async () => {
    const large = postLargeBody(`${server.api}/auth/token`, 64 * 1024 * 1024);
    const info = await fetch(`${server.api}/info`);
    expect(info.status).toBe(200);
    const answer = await large;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringContaining('at most 4194304 bytes') });
    // At once: the answer came while most of the body was still unsent (the server read none of it).
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * 1024 * 1024);
  });

  it('cuts off a chunked JSON body once it passes the limit', async () => {
    // An endpoint that reads JSON: the body is parsed until it passes the limit.
    const answer = await postLargeBody(`${server.api}/entries/query`, 16 * 1024 * 1024, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers a token request whose JSON body is broken with 400 and the reason', async () => {
    const answer = await fetch(`${server.api}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[   ',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ detail: expect.stringContaining('not valid JSON') });
  });

  it('still takes JSON bodies below the limit and uploads above it', async () => {
    const query = await fetch(`${server.api}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: 'visible', pagination: { page_size: 1 } }),
    });
    expect(query.status).toBe(200);
    // A 5 MB file sent as JSON to the upload endpoint is a file, streamed, not a JSON body.
    const file = Buffer.alloc(5 * 1024 * 1024, 0x20);
    file[0] = '{'.charCodeAt(0);
    file[file.length - 1] = '}'.charCodeAt(0);
    const upload = await fetch(
      `${server.api}/uploads?file_name=big.json`,
      as(token, { method: 'POST', body: file, headers: { 'content-type': 'application/json' } }),
    );
    expect(upload.status).toBe(200);
    const { upload_id: uploadId } = await json<{ upload_id: string }>(upload);
    const put = await fetch(
      `${server.api}/uploads/${uploadId}/raw/?file_name=big.bin`,
      as(token, { method: 'PUT', body: file, headers: { 'content-type': 'application/octet-stream' } }),
    );
    expect(put.status).toBe(200);
  });
});
