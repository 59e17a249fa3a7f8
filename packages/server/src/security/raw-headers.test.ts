import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { as, json, waitProcessed } from '../testing/http.ts';
import { contentDisposition, RAW_FILE_CSP } from '../files/raw-response-headers.ts';

/** Files that run script when a browser renders them as documents of the oasis's origin. */
const evil = {
  'evil.xml':
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(document.domain)</script></html>',
  'evil.html': '<!doctype html><script>alert(document.domain)</script>',
  'evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('raw files are served so that they cannot run script on the oasis origin', () => {
  let server: TestServer;
  let token: string;
  let uploadId: string;

  const raw = (path: string, query = '') =>
    fetch(`${server.api}/uploads/${uploadId}/raw/${path}${query}`, as(token));

  beforeAll(async () => {
    server = await startTestServer();
    token = await createUserWithToken(server, 'rita');
    ({ upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(`${server.api}/uploads`, as(token, { method: 'POST' })),
    ));
    const files: Record<string, string | Buffer> = {
      ...evil,
      'image.png': png,
      'paper.pdf': pdf,
      'notes.txt': 'plain <b>text</b>\n',
      'Résumé "final".txt': 'x',
    };
    for (const [name, body] of Object.entries(files)) {
      const response = await fetch(
        `${server.api}/uploads/${uploadId}/raw/?file_name=${encodeURIComponent(name)}`,
        as(token, { method: 'PUT', body }),
      );
      expect(response.status, name).toBe(200);
    }
    await waitProcessed(server, uploadId, token);
  });
  afterAll(async () => server?.close());

  it.each(Object.keys(evil))('downloads %s as an attachment, nosniff and sandboxed', async (name) => {
    const response = await raw(name);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(evil[name as keyof typeof evil]);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(RAW_FILE_CSP);
    expect(RAW_FILE_CSP).toMatch(/^sandbox;/);
    expect(response.headers.get('content-type')).not.toMatch(/html|svg/);
  });

  it('shows images, PDFs and plain text in place, with their types, still nosniff and sandboxed', async () => {
    for (const [name, type, body] of [
      ['image.png', 'image/png', png],
      ['paper.pdf', 'application/pdf', pdf],
      ['notes.txt', 'text/plain; charset=utf-8', Buffer.from('plain <b>text</b>\n')],
    ] as const) {
      const response = await raw(name);
      expect(response.status, name).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(body), name).toBe(true);
      expect(response.headers.get('content-type'), name).toBe(type);
      expect(response.headers.get('content-disposition'), name).toBe(`inline; filename="${name}"`);
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), name).toBe(RAW_FILE_CSP);
    }
  });

  it("makes any file a download with NOMAD's ignore_mime_type", async () => {
    const response = await raw('image.png', '?ignore_mime_type=true');
    await response.arrayBuffer();
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="image.png"');
    expect(response.headers.get('content-security-policy')).toBe(RAW_FILE_CSP);
  });

  it('keeps the same headers for parts of a file (offset and length)', async () => {
    const response = await raw('evil.html', '?offset=2&length=7');
    expect(await response.text()).toBe('doctype');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="evil.html"');
    expect(response.headers.get('content-security-policy')).toBe(RAW_FILE_CSP);
  });

  it('encodes names that are not plain ASCII as RFC 6266 says', async () => {
    const name = 'Résumé "final".txt';
    const response = await raw(encodeURIComponent(name));
    await response.arrayBuffer();
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
    expect(contentDisposition('attachment', "a'b(c)*.zip")).toBe(`attachment; filename="a'b(c)*.zip"`);
    expect(contentDisposition('attachment', 'ü.zip')).toBe(
      `attachment; filename="_.zip"; filename*=UTF-8''%C3%BC.zip`,
    );
  });

  it('sends the zip downloads of raw files sandboxed and nosniff as well', async () => {
    const response = await fetch(`${server.api}/entries/raw?owner=user&upload_id=${uploadId}`, as(token));
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="raw_files.zip"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(RAW_FILE_CSP);
  });
});
