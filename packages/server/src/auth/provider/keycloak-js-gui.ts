import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** keycloak-js's UMD build (the package's `require` entry): a browser script that defines `Keycloak`. */
const keycloakScript = () => readFileSync(require.resolve('keycloak-js'), 'utf8');

/** keycloak-js's init options the pages use; `nomad` as NOMAD's GUI (gui/src/components/App.js) sets them. */
const INIT_OPTIONS = {
  nomad: { onLoad: 'check-sso', checkLoginIframe: false, pkceMethod: 'S256' },
  iframes: {
    onLoad: 'check-sso',
    checkLoginIframe: true,
    checkLoginIframeInterval: 1,
    pkceMethod: 'S256',
    silentCheckSsoRedirectUri: '/app/silent-check-sso.html',
  },
} as const;
type PageMode = keyof typeof INIT_OPTIONS;

/**
 * The page: keycloak-js against the provider, the outcome of `init` in `#result` (with `data-done` once it
 * is there), buttons that log in and out, and `data-logged-out` on the body when keycloak-js drops its tokens.
 */
const pageHtml = (authUrl: string, origin: string, mode: PageMode) => {
  const options: Record<string, unknown> = { ...INIT_OPTIONS[mode] };
  if (typeof options.silentCheckSsoRedirectUri === 'string')
    options.silentCheckSsoRedirectUri = `${origin}${options.silentCheckSsoRedirectUri}`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>keycloak-js GUI</title></head>
  <body>
    <button id="login">Login</button> <button id="logout">Logout</button>
    <pre id="result"></pre>
    <script src="/keycloak.js"></script>
    <script>
      const keycloak = new Keycloak({ url: ${JSON.stringify(authUrl)}, realm: 'oasis', clientId: 'nomad_public' });
      window.keycloak = keycloak;
      const show = (outcome) => {
        const element = document.getElementById('result');
        element.textContent = JSON.stringify(outcome);
        element.dataset.done = 'true';
      };
      keycloak.onAuthLogout = () => { document.body.dataset.loggedOut = 'true'; };
      keycloak.init(${JSON.stringify(options)}).then(
        (authenticated) => show({
          authenticated,
          token: keycloak.token ?? null,
          refreshToken: keycloak.refreshToken ?? null,
          sessionId: keycloak.sessionId ?? null,
        }),
        (error) => show({ error: JSON.stringify(error) ?? String(error) }),
      );
      document.getElementById('login').onclick = () => keycloak.login();
      document.getElementById('logout').onclick = () => keycloak.logout();
    </script>
  </body>
</html>`;
};

/** What keycloak-js's documentation has a client serve for silent check-sso: the URL back to the parent. */
const silentCheckSsoHtml =
  '<!doctype html><html><body><script>parent.postMessage(location.href, location.origin)</script></body></html>';

export interface KeycloakJsGui {
  /** e.g. http://127.0.0.1:40124, another origin than the server's */
  origin: string;
  pageUrl(mode: PageMode): string;
  /** Where keycloak-js finds the provider (its `url` option), known once the server is up. */
  useAuthServer(url: string): void;
  close(): Promise<void>;
}

/** A client web app on its own loopback origin, as a GUI served elsewhere than the oasis server. */
export const startKeycloakJsGui = async (): Promise<KeycloakJsGui> => {
  const script = keycloakScript();
  let authUrl = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://gui').pathname;
    const send = (type: string, body: string) => {
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      response.end(body);
    };
    const mode = /^\/app\/(\w+)\.html$/.exec(path)?.[1];
    if (path === '/keycloak.js') send('text/javascript', script);
    else if (path === '/app/silent-check-sso.html') send('text/html', silentCheckSsoHtml);
    else if (mode && mode in INIT_OPTIONS) send('text/html', pageHtml(authUrl, gui.origin, mode as PageMode));
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const gui: KeycloakJsGui = {
    origin: `http://127.0.0.1:${port}`,
    pageUrl: (mode) => `${gui.origin}/app/${mode}.html`,
    useAuthServer(url) {
      authUrl = url;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return gui;
};
