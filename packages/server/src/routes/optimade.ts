import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { optimadeOperations, type OperationDefinition, type OptimadeOperationName } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { registerOptimadeOperation } from '../http/register-operation.ts';
import { searchUntilClosed } from '../search/request-abort.ts';
import {
  listOptimadeStructures,
  optimadeBaseInfo,
  optimadeLinks,
  optimadeStructuresInfo,
  readOptimadeStructure,
} from '../services/optimade.ts';
import { optimadeErrorDocument, type OptimadeCall } from '../services/optimade-wire.ts';

/** JSON:API's media type; clients also accept it as JSON. */
const JSON_API = 'application/vnd.api+json';
/** `/v2/...` and the like under the unversioned base URL: a major version this server does not serve. */
const OTHER_VERSION = /^\/v(?!1(\/|$|\?))[0-9]/;

const definedParams = (name: OptimadeOperationName): Set<string> =>
  new Set(Object.keys((optimadeOperations[name] as OperationDefinition).query?.properties ?? {}));

/**
 * The OPTIMADE API under one base URL (`<base>/optimade/v1`, or unversioned `<base>/optimade`, which also
 * answers `versions`). Errors, including malformed parameters and unknown paths, are OPTIMADE error
 * documents; every answer may be read from other sites (spec: Access-Control-Allow-Origin).
 */
export const optimadeRoutes =
  (ctx: AppContext, options: { versioned: boolean }): FastifyPluginAsync =>
  async (app) => {
    const prefix = `${ctx.config.basePath}/optimade${options.versioned ? '/v1' : ''}`;
    // The public origin is known once the server listens, so it is read per request.
    const baseUrl = () => `${ctx.config.publicOrigin}${prefix}`;
    const callOf = (request: FastifyRequest, name?: OptimadeOperationName): OptimadeCall => {
      const defined = name ? definedParams(name) : new Set<string>();
      return {
        baseUrl: baseUrl(),
        representation: request.url.slice(prefix.length) || '/',
        unknownParams: Object.keys((request.query ?? {}) as object).filter((param) => !defined.has(param)),
        now: ctx.clock.now(),
        implementationVersion: ctx.config.version.label,
      };
    };

    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
        reply.header('content-type', `${JSON_API}; charset=utf-8`);
      return payload;
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status =
        error instanceof HttpError ? error.statusCode : error.validation ? 400 : (error.statusCode ?? 500);
      if (status >= 500 && !(error instanceof HttpError)) request.log.error(error);
      const detail =
        error instanceof HttpError
          ? error.message
          : error.validation
            ? `Invalid query parameter: ${error.message}`
            : status >= 500
              ? 'Internal server error'
              : error.message;
      return reply.status(status).send(optimadeErrorDocument(status, detail, callOf(request)));
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.slice(prefix.length);
      const otherVersion = !options.versioned && OTHER_VERSION.test(path);
      const status = otherVersion ? 553 : 404;
      const detail = otherVersion
        ? 'This server serves OPTIMADE version 1 only (see /versions).'
        : `${path.split('?')[0]} is no OPTIMADE endpoint here; see /info.`;
      return reply.status(status).send(optimadeErrorDocument(status, detail, callOf(request)));
    });

    if (!options.versioned)
      registerOptimadeOperation(app, 'optimadeVersions', async (_request, reply) =>
        reply.type('text/csv; header=present').send('version\n1\n'),
      );
    registerOptimadeOperation(app, 'optimadeInfo', async (request) =>
      optimadeBaseInfo(callOf(request, 'optimadeInfo'), request.query.response_format),
    );
    registerOptimadeOperation(app, 'optimadeStructuresInfo', async (request) =>
      optimadeStructuresInfo(callOf(request, 'optimadeStructuresInfo'), request.query.response_format),
    );
    registerOptimadeOperation(app, 'optimadeLinks', async (request) =>
      optimadeLinks(
        callOf(request, 'optimadeLinks'),
        request.query.response_format,
        `${ctx.config.publicOrigin}${ctx.config.basePath}/gui/`,
      ),
    );
    registerOptimadeOperation(app, 'optimadeStructures', async (request, reply) =>
      searchUntilClosed(request, reply, (signal) =>
        listOptimadeStructures(ctx, callOf(request, 'optimadeStructures'), request.query, signal),
      ),
    );
    registerOptimadeOperation(app, 'optimadeStructure', async (request, reply) =>
      searchUntilClosed(request, reply, (signal) =>
        readOptimadeStructure(
          ctx,
          callOf(request, 'optimadeStructure'),
          request.params.id,
          request.query,
          signal,
        ),
      ),
    );
  };
