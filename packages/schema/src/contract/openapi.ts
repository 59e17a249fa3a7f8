import type { TObject, TSchema } from '@sinclair/typebox';
import { ErrorBodySchema } from '../api/common.ts';
import type { ErrorStatus, OperationDefinition } from './operation.ts';
import { operations } from './operations.ts';

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad request: the request cannot be carried out as asked',
  401: 'Unauthorized: not logged in, or not allowed',
  403: 'Forbidden',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict with the current state',
  413: 'Request body too large',
  422: 'Invalid parameters or body',
  429: 'Too many attempts; see Retry-After',
  501: 'Not implemented: a valid request for a feature this installation does not offer',
  502: 'A service the oasis depends on (mail server, DataCite) failed',
  503: 'Unavailable: a search past its time budget, or a service that is not configured',
};

/** A schema as plain JSON: TypeBox's symbol keys are dropped by the round trip. */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as never;

const parameters = (where: 'path' | 'query', schema: TObject | undefined) =>
  Object.entries(schema?.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = plain(property);
    return {
      name,
      in: where,
      required: where === 'path' || (schema?.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
      // Arrays repeat the parameter (?a=1&a=2), as NOMAD's API reads them.
      ...(rest.type === 'array' ? { style: 'form', explode: true } : {}),
    };
  });

const operationObject = (operationId: string, o: OperationDefinition) => ({
  operationId,
  tags: [o.tag],
  summary: o.summary,
  parameters: [...parameters('path', o.params), ...parameters('query', o.query)],
  ...(o.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: plain(o.body) } } } }
    : {}),
  responses: {
    200: {
      description: 'Successful response',
      content: { [o.produces ?? 'application/json']: { schema: plain(o.response) } },
    },
    ...Object.fromEntries(
      o.errors.map((status) => [
        status,
        {
          description: ERROR_DESCRIPTIONS[status],
          content: { 'application/json': { schema: plain(ErrorBodySchema) } },
        },
      ]),
    ),
  },
  security: [{ OAuth2: [] }, {}],
});

/** `{*path}` is OpenAPI's `{path}`: OpenAPI has no rest parameter, so the document says it in words. */
const openApiPath = (path: string) => path.replace(/\{\*(\w+)\}/g, '{$1}');

/** The OpenAPI 3 document of the API, generated from the operation table. */
export const openApiDocument = (serverUrl: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, operation] of Object.entries(operations) as Array<[string, OperationDefinition]>) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(name, operation) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'NOMAD oasis API',
      version: '1',
      description: 'NOMAD API v1 compatible interface of this installation.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { OAuth2: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
};
