import Fastify from 'fastify';
import { operations, type OperationDefinition, type OperationName } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { fastifyUrls, registerOperation } from './register-operation.ts';
import { checkResponsesAgainstContract } from './response-check.ts';

const rows = Object.entries(operations) as Array<[OperationName, OperationDefinition]>;

describe('the operation table is the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('registers every row as a route', () => {
    const prefix = `${server.ctx.config.basePath}/api/v1`;
    const missing = rows.flatMap(([name, operation]) =>
      fastifyUrls(operation.path)
        .filter((url) => !server.app.hasRoute({ method: operation.method, url: `${prefix}${url}` }))
        .map((url) => `${name}: ${operation.method} ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('generates the OpenAPI document from the rows, with query parameters and every error status', async () => {
    const response = await fetch(`${server.api}/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            parameters: Array<{ name: string; in: string }>;
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    const documented = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(documented.map((o) => o.operationId).sort()).toEqual(rows.map(([name]) => name).sort());
    const uploads = document.paths['/uploads']!.get!;
    expect(uploads.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:page_size', 'query:is_published', 'query:roles']),
    );
    expect(Object.keys(uploads.responses).sort()).toEqual(['200', '400', '401', '404', '422']);
    const raw = document.paths['/uploads/{upload_id}/raw/{path}']!;
    expect(Object.keys(raw).sort()).toEqual(['delete', 'get', 'put']);
    expect(raw.get!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'upload_id',
      'path',
    ]);
  });

  it('refuses a route registered by hand under the API prefix', async () => {
    const app = Fastify();
    app.addHook('onRoute', (route) => {
      if (!route.config?.operation)
        throw new Error(`${String(route.method)} ${route.url} is not from the table`);
    });
    expect(() => app.get('/by-hand', async () => ({}))).toThrow('GET /by-hand is not from the table');
    await app.close();
  });
});

describe('responses are checked against their row in tests', () => {
  const appAnswering = async (payload: unknown, status = 200) => {
    const app = Fastify();
    checkResponsesAgainstContract(app);
    // The handler is deliberately untyped here: the check must catch what types would not.
    registerOperation(app, 'info', async (_request, reply) => reply.status(status).send(payload as never));
    await app.ready();
    return app;
  };

  it('passes an answer that matches the success schema', async () => {
    const info = {
      version: '1',
      deployment: 'oasis',
      oasis: true,
      parsers: [],
      metainfo_packages: [],
      codes: [],
      normalizers: [],
      plugin_entry_points: [],
      plugin_packages: [],
      statistics: { n_entries: 0, n_uploads: 0, n_users: 0, n_materials: 0 },
      search_quantities: {},
      git: {},
    };
    const app = await appAnswering(info);
    const response = await app.inject({ url: '/info' });
    expect(response.statusCode).toBe(200);
    await app.close();
  });

  it('turns a drifted answer into a 500 naming the operation and the path', async () => {
    const app = await appAnswering({ version: 1 });
    const response = await app.inject({ url: '/info' });
    expect(response.statusCode).toBe(500);
    const { detail } = response.json<{ detail: string }>();
    expect(detail).toMatch(/^The 200 answer of info does not match the contract: /);
    expect(detail).toContain('/deployment: Expected required property');
    await app.close();
  });

  it('refuses an error status the row does not declare', async () => {
    const app = await appAnswering({ detail: 'gone' }, 410);
    const response = await app.inject({ url: '/info' });
    expect(response.statusCode).toBe(500);
    expect(response.json<{ detail: string }>().detail).toContain('status 410 is not declared');
    await app.close();
  });
});
