import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const guiPackage = path.resolve(import.meta.dirname, '../../../gui');

describe('the icon of the site', () => {
  let server: TestServer;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'oasis-gui-icon-'));
  beforeAll(async () => {
    // What a build holds: the page template and the public folder's files at the root of dist.
    copyFileSync(path.join(guiPackage, 'index.html'), path.join(dist, 'index.html'));
    copyFileSync(path.join(guiPackage, 'public', 'favicon.svg'), path.join(dist, 'favicon.svg'));
    server = await startTestServer({ guiDistDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the icon the GUI page links', async () => {
    const html = await (await fetch(`${server.origin}/nomad-oasis/gui/`)).text();
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const icon = await fetch(new URL(href!, `${server.origin}/nomad-oasis/gui/`));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('answers the favicon.ico browsers ask for on pages without an icon link', async () => {
    for (const url of ['/favicon.ico', '/nomad-oasis/favicon.ico']) {
      const icon = await fetch(`${server.origin}${url}`);
      expect(icon.status, url).toBe(200);
      expect(icon.headers.get('content-type'), url).toContain('image/svg+xml');
      expect(await icon.text(), url).toContain('<svg');
    }
  });
});
