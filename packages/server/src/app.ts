import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';
import { refuseDeepBodies } from './body-depth.ts';
import { registerGui } from './routes/gui.ts';
import { prerenderApiDocs } from './routes/api-docs.ts';
import { apiRoutes } from './routes/api.ts';
import { messageBody } from './auth/provider/pages.ts';
import { sendPage } from './auth/provider/respond.ts';
import { registerIdentityProvider } from './auth/provider/routes.ts';
import { loggerOptions, type LogDestination } from './logging/logger-options.ts';
import { registerApiSecurityHeaders } from './security/api-headers.ts';
import { h5groveMount } from './routes/h5grove-mount.ts';
import { optimadeRoutes } from './routes/optimade.ts';
import { dcatRoutes } from './routes/dcat.ts';
import { resourcesRoutes } from './routes/resources.ts';
import { northProxyRoutes } from './routes/north-proxy.ts';
import { checkResponsesAgainstContract } from './http/response-check.ts';
import type { SchemaCompilers } from './http/schema-compilers.ts';
import { openApiDocument } from '@oasis/schema';
import { registerAdmission } from './admission/admission.ts';

export type App = FastifyInstance;

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params?: Record<string, unknown>;
}

/** FastAPI-like 422 items, so clients written for NOMAD read our validation errors the same way. */
const validationDetail = (context: string | undefined, issues: ValidationIssue[]) =>
  issues.map((issue) => {
    const missing = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : undefined;
    const pathParts = issue.instancePath.split('/').filter(Boolean);
    return {
      loc: [context ?? 'body', ...pathParts, ...(missing ? [missing] : [])],
      msg: missing ? 'field required' : (issue.message ?? 'invalid value'),
      type: `value_error.${issue.keyword}`,
    };
  });

/** The 413 answer: says the limit and where files go instead. */
const bodyTooLarge = (limit: number) =>
  `Request body too large: JSON and form bodies may have at most ${limit} bytes. Files are uploaded as ` +
  'multipart/form-data or application/octet-stream to POST /uploads or PUT /uploads/{upload_id}/raw/.';

export const buildApp = async (
  ctx: AppContext,
  options: {
    logger?: boolean;
    logStream?: LogDestination;
    /** Test suites: answers that do not match their operation's row become 500s (http/response-check). */
    checkResponses?: boolean;
    /** Test suites: schema compilers shared by the apps of one process (http/schema-compilers). */
    schemaCompilers?: SchemaCompilers;
  } = {},
): Promise<App> => {
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(options.logStream) : false,
    // For JSON and form bodies, which are parsed in one go (upload routes stream their bodies instead):
    // a larger Content-Length is refused before reading, a body that grows past it while read is cut off.
    bodyLimit: ctx.config.jsonBodyLimit,
    trustProxy: ctx.config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    ...(options.schemaCompilers ? { schemaController: { compilersFactory: options.schemaCompilers } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // A login, registration or invitation form refused its turn (429, 503) is shown a page, not JSON.
      const { detail } = error;
      if (
        typeof detail === 'string' &&
        request.routeOptions.config.admission === 'password' &&
        request.headers.accept?.includes('text/html')
      )
        return sendPage(
          ctx.config,
          reply.headers(error.headers),
          error.statusCode,
          'We are sorry...',
          messageBody(detail),
        );
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: bodyTooLarge(request.routeOptions.bodyLimit) });
    }
    if (error.validation) {
      return reply.status(422).send({ detail: validationDetail(error.validationContext, error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    return reply.status(status).send({ detail: status >= 500 ? 'Internal server error' : error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  // Before schema validation and handlers, which recurse into bodies level by level.
  app.addHook('preValidation', refuseDeepBodies);
  // Heavy requests and password hashing wait their turn per caller; cheap requests pass straight through.
  registerAdmission(app, ctx.admission);
  registerApiSecurityHeaders(app, ctx.config);
  if (options.checkResponses) checkResponsesAgainstContract(app);

  // request.cookies and reply.setCookie for the identity provider's sessions and forms (auth/cookies.ts).
  await app.register(cookie);
  await app.register(formbody);
  const apiPrefix = `${ctx.config.basePath}/api/v1`;
  // The document is generated from the operation table, the same rows the routes are registered from.
  const document = openApiDocument(apiPrefix);
  prerenderApiDocs(app, `${apiPrefix}/docs`, document);
  // gzip/brotli for JSON, HTML and JS; files already compressed (zip, images) are sent as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, { mode: 'static', specification: { document } });
  // No validator badge: it would load an image from swagger.io, which the docs page's policy does not allow.
  await app.register(swaggerUi, {
    routePrefix: `${apiPrefix}/docs`,
    uiConfig: { docExpansion: 'list', validatorUrl: null },
  });
  await app.register(apiRoutes(ctx), { prefix: apiPrefix });
  // NOMAD serves h5grove (the HDF5 viewer's API) beside the API, at <base>/h5grove.
  await app.register(h5groveMount(ctx), { prefix: ctx.config.basePath });
  // OPTIMADE at <base>/optimade/v1 and, unversioned (with its versions list), at <base>/optimade.
  await app.register(optimadeRoutes(ctx, { versioned: true }), {
    prefix: `${ctx.config.basePath}/optimade/v1`,
  });
  await app.register(optimadeRoutes(ctx, { versioned: false }), {
    prefix: `${ctx.config.basePath}/optimade`,
  });
  // The DCAT catalogue of published entries at <base>/dcat, as NOMAD serves it.
  await app.register(dcatRoutes(ctx), { prefix: `${ctx.config.basePath}/dcat` });
  // NOMAD's resources API (other databases' records of a material) at <base>/resources.
  await app.register(resourcesRoutes(ctx), { prefix: `${ctx.config.basePath}/resources` });
  // Running remote tools at <base>/north/user/<username>/<tool>/ (NOMAD's JupyterHub path).
  await app.register(northProxyRoutes(ctx));
  app.get(`${apiPrefix}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  await app.register(registerIdentityProvider(ctx));
  await app.register(registerGui(ctx));
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${ctx.config.basePath}/gui/`),
  );
  return app;
};
