import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('GUI serving', () => {
  let server: TestServer;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'oasis-gui-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>oasis</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    // A build's precompressed copy; its text differs so the test sees which one was sent.
    writeFileSync(path.join(dist, 'assets', 'big-1234.js'), `${'x'.repeat(2000)};`);
    writeFileSync(path.join(dist, 'assets', 'big-1234.js.br'), brotliCompressSync(`${'y'.repeat(2000)};`));
    server = await startTestServer({ guiDistDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for the root and every client route, uncached', async () => {
    for (const route of [
      '/nomad-oasis/gui',
      '/nomad-oasis/gui/',
      '/nomad-oasis/gui/search/entries',
      '/nomad-oasis/gui/user/uploads/upload/id/x',
    ]) {
      const response = await fetch(`${server.origin}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>oasis</title>');
    }
  });

  it('serves hashed assets for good and 404s missing ones', async () => {
    const asset = await fetch(`${server.origin}/nomad-oasis/gui/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.origin}/nomad-oasis/gui/assets/missing.js`)).status).toBe(404);
    const big = await fetch(`${server.origin}/nomad-oasis/gui/artifacts.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's precompressed copy to browsers that accept it, the plain file to others", async () => {
    const url = `${server.origin}/nomad-oasis/gui/assets/big-1234.js`;
    const compressed = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(`${'y'.repeat(2000)};`);
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(`${'x'.repeat(2000)};`);
  });

  it('serves the artifacts as NOMAD does (artifacts.js) and as JSON for this GUI', async () => {
    const json = (await (await fetch(`${server.origin}/nomad-oasis/gui/artifacts.json`)).json()) as {
      searchQuantities: Record<string, unknown>;
    };
    expect(json.searchQuantities).toHaveProperty(['results.material.elements']);
    const script = await (await fetch(`${server.origin}/nomad-oasis/gui/artifacts.js`)).text();
    expect(script.startsWith('window.nomadArtifacts = {')).toBe(true);
  });

  it('redirects the site root to the GUI', async () => {
    const response = await fetch(`${server.origin}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/nomad-oasis/gui/');
  });
});
