import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { EnvConfigSchema, InfoResponseSchema, type UiConfig } from '@oasis/schema';
import { apiClient } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('info, OpenAPI and GUI configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('reports version, parsers and statistics', async () => {
    const info = await apiClient(server).call('info');
    expect(Value.Check(InfoResponseSchema, info)).toBe(true);
    expect(info.parsers).toEqual(expect.arrayContaining(['parsers/cif', 'parsers/archive']));
    // One version for the server, its entries and its package.
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(info.version).toBe(pkg.version);
    // The codes the parsers read, from the parsers' own metadata, each once.
    expect(info.codes).toEqual(
      expect.arrayContaining([
        { code_name: 'VASP', code_homepage: 'https://www.vasp.at/' },
        { code_name: 'Quantum ESPRESSO', code_homepage: 'https://www.quantum-espresso.org/' },
        { code_name: 'CIF' },
      ]),
    );
    expect(new Set(info.codes.map((code) => code.code_name)).size).toBe(info.codes.length);
    expect(info.statistics).toMatchObject({ n_entries: 0, n_uploads: 0, n_users: 0 });
  });

  it("lists entry points, packages, metainfo packages and search quantities in NOMAD's shapes", async () => {
    const info = await apiClient(server).call('info');
    // NOMAD's About page groups the entry points by type; parsers and example uploads are ours.
    expect(info.plugin_entry_points).toContainEqual(
      expect.objectContaining({
        entry_point_type: 'parser',
        name: 'parsers/cif',
        mainfile_name_re: '\\.cif$',
      }),
    );
    expect(info.plugin_entry_points).toContainEqual(
      expect.objectContaining({ id: 'oasis_examples/vasp', entry_point_type: 'example_upload' }),
    );
    expect(new Set(info.plugin_entry_points.map((entryPoint) => entryPoint.id)).size).toBe(
      info.plugin_entry_points.length,
    );
    expect(info.plugin_packages).toEqual([]);
    expect(info.metainfo_packages).toEqual(
      expect.arrayContaining(['nomad.datamodel.results', 'runschema.run']),
    );
    expect(info.search_quantities['results.material.elements']).toMatchObject({
      name: 'results.material.elements',
      many: true,
    });
    expect(info.search_quantities.entry_id).toMatchObject({ many: false });
    expect(Object.keys(info.search_quantities).filter((name) => name.startsWith('optimade.'))).toEqual([]);
    expect(info.git).toEqual({});
  });

  it('publishes an OpenAPI document generated from the contract, and a docs page', async () => {
    // raw: the OpenAPI document and the docs page are no operations of the contract.
    const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/info',
        '/uploads',
        '/uploads/{upload_id}',
        '/entries/query',
        '/auth/token',
        '/users/me',
      ]),
    );
    expect(doc.paths['/entries/query']).toHaveProperty('post');
    const docs = await fetch(`${server.api}/docs/`);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).toMatch(/swagger-ui-bundle\.js/);
    // The operation list is in the page before any script runs, in Swagger UI's markup, one per operation.
    const mount = /<div id="swagger-ui">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? '';
    const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(mount.match(/class="opblock opblock-/g)).toHaveLength(operations);
    expect(mount).toContain(
      '<span class="opblock-summary-method">POST</span><div class="opblock-summary-path-description-wrapper"><span class="opblock-summary-path" data-path="/entries/query">',
    );
    expect(mount).toContain('<h2 class="title">NOMAD oasis API');
    // Without the trailing slash too (the page Swagger UI's plugin serves there as well).
    expect(await (await fetch(`${server.api}/docs`)).text()).toContain('data-path="/entries/query"');
  });

  it('serves the GUI runtime configuration as env.js', async () => {
    const script = await (await fetch(`${server.origin}/nomad-oasis/gui/env.js`)).text();
    const env: unknown = JSON.parse(script.replace(/^window\.nomadEnv = /, '').replace(/;\s*$/, ''));
    expect(Value.Check(EnvConfigSchema, env)).toBe(true);
    expect(env).toMatchObject({
      appBase: `${server.origin}/nomad-oasis`,
      keycloakBase: `${server.origin}/nomad-oasis/keycloak/auth/`,
      keycloakRealm: 'oasis',
      ui: {
        apps: { options: { entries: { path: 'entries' }, materials: { resource: 'materials' } } },
        north: { enabled: false },
        example_uploads: {},
        entry: { cards: { exclude: ['relatedResources'] } },
      },
    });
    const ui = (env as { ui: UiConfig }).ui;
    expect(Object.keys(ui.apps?.options ?? {})).toEqual([
      'entries',
      'calculations',
      'materials',
      'eln',
      'eels',
    ]);
    expect(ui.entry?.cards?.options?.electronic?.error).toMatch(/electronic/);
  });
});
