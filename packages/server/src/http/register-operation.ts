import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import { Type, type TObject } from '@sinclair/typebox';
import {
  ErrorBodySchema,
  operations,
  pathSegments,
  type BodyOf,
  dcatOperations,
  type DcatOperationName,
  type DcatOperations,
  type OperationDefinition,
  resourcesOperations,
  type ResourcesOperationName,
  type ResourcesOperations,
  optimadeOperations,
  type OperationName,
  type Operations,
  type OptimadeOperationName,
  type OptimadeOperations,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@oasis/schema';

/** A request to a row's route, typed by the row: Fastify has validated params, query and body against it. */
type RowRequest<O extends OperationDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
};

/** Handlers return the success body, or the reply when they sent something else (a file, a stream). */
type RowHandler<O extends OperationDefinition> = (
  request: RowRequest<O>,
  reply: FastifyReply,
) => Promise<ResponseOf<O> | FastifyReply>;

export type OperationHandler<N extends OperationName> = RowHandler<Operations[N]>;

interface RouteOptions {
  /** For bodies that are parsed whole (JSON, forms); uploads stream and set their own limits. */
  bodyLimit?: number;
  config?: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation-table row a route was registered from. */
    operation?: OperationName;
    /** The OPTIMADE table's row a route was registered from. */
    optimadeOperation?: OptimadeOperationName;
    /** The row of any contract table a route was registered from, and its name there. */
    contractRow?: { name: string; definition: OperationDefinition };
  }
}

const REST = '*';

/** Fastify's URLs for a path template: a rest parameter needs a route with and one without it. */
export const fastifyUrls = (path: string): string[] => {
  const segments = pathSegments(path);
  const fixed = segments
    .filter((segment) => !segment.rest)
    .map((segment) => (segment.literal !== undefined ? segment.literal : `:${segment.param}`));
  const base = `/${fixed.join('/')}`;
  return segments.some((segment) => segment.rest) ? [base, `${base}/${REST}`] : [base];
};

const restParam = (operation: OperationDefinition) => pathSegments(operation.path).find((s) => s.rest)?.param;

/** Fastify calls the rest parameter '*'; it is validated under that name and handed on under its own. */
const fastifyParams = (operation: OperationDefinition): TObject | undefined => {
  const rest = restParam(operation);
  if (!operation.params || !rest) return operation.params;
  const { [rest]: _rest, ...named } = operation.params.properties;
  return Type.Object({ ...named, [REST]: Type.Optional(Type.String()) });
};

const routeSchema = (operation: OperationDefinition): FastifySchema => {
  const params = fastifyParams(operation);
  return {
    // Only the parts the row has: Fastify warns about parts present but undefined.
    ...(params ? { params } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.body ? { body: operation.body } : {}),
    response: {
      // Streamed bodies are not serialised; JSON bodies are, by the row's schema.
      ...(operation.produces ? {} : { 200: operation.response }),
      ...Object.fromEntries(
        operation.errors.map((status) => [status, operation.errorBody ?? ErrorBodySchema]),
      ),
    },
  };
};

/** Registers the routes of one row; `config` names the row, so checks and hooks can find it. */
const registerRow = <O extends OperationDefinition>(
  app: FastifyInstance,
  rowName: string,
  operation: O,
  handler: RowHandler<O>,
  options: RouteOptions,
  config: FastifyContextConfig,
): void => {
  const rest = restParam(operation);
  for (const url of fastifyUrls(operation.path)) {
    app.route({
      method: operation.method,
      url,
      schema: routeSchema(operation),
      ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
      config: { ...options.config, ...config, contractRow: { name: rowName, definition: operation } },
      handler: async (request, reply) => {
        if (rest) {
          const params = request.params as Record<string, string | undefined>;
          request.params = { ...params, [rest]: params[REST] ?? '' };
        }
        return handler(request as unknown as RowRequest<O>, reply);
      },
    });
  }
};

/** Registers the route of operation `name` from its table row; the route module supplies only the handler. */
export const registerOperation = <N extends OperationName>(
  app: FastifyInstance,
  name: N,
  handler: OperationHandler<N>,
  options: RouteOptions = {},
): void => registerRow<Operations[N]>(app, name, operations[name], handler, options, { operation: name });

/** Registers the route of an OPTIMADE row (relative to the OPTIMADE base URL the plugin is mounted at). */
export const registerOptimadeOperation = <N extends OptimadeOperationName>(
  app: FastifyInstance,
  name: N,
  handler: RowHandler<OptimadeOperations[N]>,
): void =>
  registerRow<OptimadeOperations[N]>(
    app,
    name,
    optimadeOperations[name],
    handler,
    {},
    {
      optimadeOperation: name,
    },
  );

/** Registers the route of a DCAT row (relative to `<base>/dcat`, where the plugin is mounted). */
export const registerDcatOperation = <N extends DcatOperationName>(
  app: FastifyInstance,
  name: N,
  handler: RowHandler<DcatOperations[N]>,
): void => registerRow<DcatOperations[N]>(app, name, dcatOperations[name], handler, {}, {});

/** Registers the route of the resources table's row (relative to `<base>/resources`). */
export const registerResourcesOperation = <N extends ResourcesOperationName>(
  app: FastifyInstance,
  name: N,
  handler: RowHandler<ResourcesOperations[N]>,
): void => registerRow<ResourcesOperations[N]>(app, name, resourcesOperations[name], handler, {}, {});
