// Serves NOMAD's built GUI as static files on a loopback port, under the path it was built for, as NOMAD's
// own server does: the files of the build, `env.js` and `artifacts.js` (the runtime configuration, here the
// oasis's), and index.html for every other path below the GUI's base (client-side routes).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { NomadGuiBuild } from './build.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

export interface GuiServer {
  /** e.g. http://localhost:41234 */
  origin: string;
  /** e.g. http://localhost:41234/fairdi/nomad/latest/gui */
  guiUrl: string;
  /** Sets what `env.js` and `artifacts.js` answer (the oasis's scripts, known once it runs). */
  setRuntimeConfig(config: { envJs: string; artifactsJs: string }): void;
  close(): Promise<void>;
}

export const startGuiServer = async (build: NomadGuiBuild): Promise<GuiServer> => {
  let runtime: { envJs: string; artifactsJs: string } | undefined;
  const index = join(build.dir, 'index.html');
  const server: Server = createServer((request, response) => {
    const raw = new URL(request.url ?? '/', 'http://gui').pathname;
    let path = raw;
    try {
      path = decodeURIComponent(raw);
    } catch {
      // a literal % (e.g. an unreplaced %PUBLIC_URL%): served as written
    }
    if (path === '/' || path === '') {
      response.writeHead(302, { location: `${build.base}/` }).end();
      return;
    }
    // index.html names env.js and artifacts.js below its backend path (REACT_APP_BACKEND_URL/gui/...).
    const name = path.slice(path.lastIndexOf('/') + 1);
    const script =
      name === 'env.js' ? runtime?.envJs : name === 'artifacts.js' ? runtime?.artifactsJs : undefined;
    if (script !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.js']!, 'cache-control': 'no-cache' }).end(script);
      return;
    }
    if (!path.startsWith(`${build.base}/`) && path !== build.base) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const rel = path.slice(build.base.length).replace(/^\/+/, '');
    const file = normalize(join(build.dir, rel));
    const inside =
      file === build.dir || file.startsWith(build.dir.endsWith(sep) ? build.dir : build.dir + sep);
    const isFile = inside && rel !== '' && existsSync(file) && statSync(file).isFile();
    const target = isFile ? file : index;
    response.writeHead(200, {
      'content-type': TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(target).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // "localhost" as the oasis's default public origin: both are one site for the browser's cookies.
  const origin = `http://localhost:${port}`;
  return {
    origin,
    guiUrl: `${origin}${build.base}`,
    setRuntimeConfig: (config) => (runtime = config),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
