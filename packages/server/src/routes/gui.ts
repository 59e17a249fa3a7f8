import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { buildEnvConfig } from '../config/env-config.ts';
import { buildArtifacts } from '../search/artifacts.ts';
import { readFileBytes } from '../files/read.ts';
import { guiBuild } from '../services/gui.ts';
import { guiSecurityHeaders } from './gui-policy.ts';
import { searchPagePrerender } from './search-page-prerender.ts';

/** The client route the identity provider redirects to; the silent sign-in loads it in a hidden iframe. */
const AUTH_CALLBACK = 'auth/callback';

/**
 * Serves the built GUI under {basePath}/gui with the runtime configuration as `env.js`, and falls back to
 * index.html for every other GUI route so client-side routes survive a reload.
 */
export const registerGui = (ctx: AppContext): FastifyPluginAsync =>
  fp(async (app) => {
    const guiPrefix = `${ctx.config.basePath}/gui`;
    const dist = ctx.config.guiDistDir;
    const build = guiBuild(dist);
    const envScript = () => `window.nomadEnv = ${JSON.stringify(buildEnvConfig(ctx.config))};\n`;
    const securityHeaders = guiSecurityHeaders(ctx.config);
    const secure = (reply: FastifyReply, frameable = false) => reply.headers(securityHeaders(frameable));

    app.get(`${guiPrefix}/env.js`, { schema: { hide: true } }, (_request, reply) =>
      secure(reply).type('application/javascript').header('cache-control', 'no-cache').send(envScript()),
    );

    // Built once: the artifacts only change with the server's code.
    const artifacts = JSON.stringify(buildArtifacts());
    app.get(`${guiPrefix}/artifacts.js`, { schema: { hide: true } }, (_request, reply) =>
      secure(reply)
        .type('application/javascript')
        .header('cache-control', 'no-cache')
        .send(`window.nomadArtifacts = ${artifacts};\n`),
    );
    app.get(`${guiPrefix}/artifacts.json`, { schema: { hide: true } }, (_request, reply) =>
      secure(reply).type('application/json').header('cache-control', 'no-cache').send(artifacts),
    );

    // A build whose GUI removes the drawn page says so (packages/gui/index.html); an older one would leave it.
    const ROOT = '<div id="root" data-prerendered="search"></div>';
    /** index.html, with the first rows of a search page (search-page-prerender.ts) before the root. */
    const sendIndex = async (
      reply: FastifyReply,
      frameable = false,
      prerender?: () => Promise<string | undefined>,
    ) => {
      secure(reply, frameable);
      const html = await build.indexHtml();
      if (!html) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The GUI has not been built. Run `npm run build` (npm start does this for you).');
      }
      const text = html.toString('utf8');
      const page = prerender && text.includes(ROOT) ? await prerender().catch(() => undefined) : undefined;
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(page ? text.replace(ROOT, () => `${page}${ROOT}`) : html);
    };

    if (build.present) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `${guiPrefix}/`,
        index: false,
        wildcard: false,
        decorateReply: false,
        // index.html is served below with no-cache, so a new build reaches browsers at once.
        allowedPath: (pathName) => !pathName.endsWith('index.html') && pathName !== '/',
        cacheControl: false,
        // The build writes .br and .gz next to each script (packages/gui/build/precompress.ts).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
          // Vite puts content hashes in asset names, so those may be cached for good.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    }
    // Browsers ask for /favicon.ico on pages that link no icon (JSON answers, the sign-in pages): they get
    // the icon the GUI links (the build copies packages/gui/public to its root) instead of a 404.
    const sendIcon = async (reply: FastifyReply) => {
      const icon = await readFileBytes(path.join(dist, 'favicon.svg'));
      if (!icon) return reply.status(404).send({ detail: 'Not Found' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon);
    };
    for (const url of new Set(['/favicon.ico', `${ctx.config.basePath}/favicon.ico`]))
      app.get(url, { schema: { hide: true } }, async (_request, reply) => sendIcon(reply));

    app.get(guiPrefix, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
    // Files of the build have their own routes (wildcard: false above); everything else is a client route.
    app.get(`${guiPrefix}/*`, { schema: { hide: true } }, async (request, reply) => {
      // Also the GUI root: with trailing slashes ignored, `${guiPrefix}/` arrives here with an empty path.
      const rel = (request.params as { '*': string })['*'];
      if (/^assets\//.test(rel)) return secure(reply).status(404).send({ detail: 'Not Found' });
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return sendIndex(reply, rel.replace(/\/+$/, '') === AUTH_CALLBACK, () =>
        searchPagePrerender(ctx, rel, search),
      );
    });
  });
