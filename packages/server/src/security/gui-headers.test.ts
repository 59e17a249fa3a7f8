import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { guiContentSecurityPolicy } from '../routes/gui-policy.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const guiPackage = path.resolve(import.meta.dirname, '../../../gui');

/** The directives of a Content-Security-Policy, each with its sources. */
const directives = (policy: string | null): Map<string, string[]> =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words): words is [string, ...string[]] => words[0] !== undefined && words[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );

/** `<script>` elements without a src, and inline event handler attributes, in an HTML document. */
const inlineScripts = (html: string) => [
  ...[...html.matchAll(/<script\b([^>]*)>/gi)].filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs ?? '')),
  ...html.matchAll(/<[^>]+\son[a-z]+\s*=/gi),
];

describe('security headers of the GUI', () => {
  let server: TestServer;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'oasis-gui-headers-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    // The GUI's real page template, so that what the server sends is what the build starts from.
    copyFileSync(path.join(guiPackage, 'index.html'), path.join(dist, 'index.html'));
    writeFileSync(path.join(dist, 'assets', 'index-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ guiDistDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const gui = (rest: string) => `${server.origin}/nomad-oasis/gui${rest}`;

  it('sends a policy without inline script or eval, nosniff and a referrer policy on every GUI answer', async () => {
    for (const url of [
      '',
      '/',
      '/search/entries',
      '/assets/index-1234.js',
      '/assets/missing.js',
      '/favicon.svg',
      '/env.js',
      '/artifacts.json',
      '/artifacts.js',
    ].map(gui)) {
      const response = await fetch(url);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the GUI reach this API and identity provider, and frame the provider for the silent sign-in', async () => {
    const csp = directives((await fetch(gui('/'))).headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", server.origin]);
    expect(csp.get('frame-src')).toEqual(["'self'", server.origin]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it('lets only the sign-in callback page be framed, and only by the GUI itself', async () => {
    const response = await fetch(gui('/auth/callback?code=x&state=y'));
    expect(response.status).toBe(200);
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves an index.html without inline script', async () => {
    const html = await (await fetch(gui('/'))).text();
    expect(html).toContain('<script src="/nomad-oasis/gui/env.js"></script>');
    expect(inlineScripts(html)).toEqual([]);
  });

  it('has no inline script in the built index.html either (when the GUI has been built)', (context) => {
    const built = path.join(guiPackage, 'dist', 'index.html');
    if (!existsSync(built)) {
      context.skip('packages/gui/dist is absent: run `npm run build` to check the built page too');
      return;
    }
    const html = readFileSync(built, 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toMatch(/<script src="\/nomad-oasis\/gui\/assets\/route-preloads-[0-9a-f]+\.js"><\/script>/);
  });
});

describe('the GUI policy for an API and identity provider elsewhere', () => {
  it('names their origins for fetches, and the provider for the silent sign-in frame', () => {
    const config = loadConfig({
      OASIS_PUBLIC_URL: 'https://oasis.example.org',
      OASIS_GUI_APP_BASE: 'https://nomad.example.org/prod/v1',
      OASIS_KEYCLOAK_SERVER_URL: 'https://idp.example.org/auth/',
    });
    const csp = directives(guiContentSecurityPolicy(config, { frameable: false }));
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://nomad.example.org',
      'https://idp.example.org',
    ]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://idp.example.org']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});
