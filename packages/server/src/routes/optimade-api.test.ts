// The OPTIMADE v1.2 API against the real server: uploads are processed and published over HTTP, and every
// answer is validated against the OPTIMADE facts in the contract (packages/schema, optimade-*.ts).
import {
  optimadeAnswerProblems,
  optimadeOperations,
  unprefixedAttributes,
  type OptimadeErrorDocument,
  type OptimadeOperationName,
  type OptimadeStructureResponse,
  type OptimadeStructuresResponse,
} from '@oasis/schema';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadFiles } from '../files/storage.ts';
import { fastifyUrls } from '../http/register-operation.ts';
import { publishUpload, uploadProcessed } from '../testing/published-uploads.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';

// A small cubic cell with one Si and two O (not quartz: the test needs elements, counts and a cell).
const SIO2_POSCAR = `SiO2 test cell
1.0
4.0 0 0
0 4.0 0
0 0 4.0
Si O
1 2
Direct
0 0 0
0.25 0.25 0.25
0.75 0.75 0.75
`;

const WATER_XYZ = `3
water molecule
O  0.000  0.000 0.0
H  0.757  0.586 0.0
H -0.757  0.586 0.0
`;

const kclCif = naclCif.replaceAll('Na', 'K');
const feCif = naclCif.replace("'Na Cl'", "'Fe'").replace('Cl1 Cl 0.5 0.5 0.5\n', '').replaceAll('Na', 'Fe');

type Answer = { status: number; body: unknown; headers: Headers };

describe('OPTIMADE v1.2 at /optimade/v1 and /optimade', () => {
  let server: TestServer;
  let alice: string;
  const ids: Record<string, string> = {};
  let base = '';

  /** GET an OPTIMADE path and check the answer against the contract row it belongs to. */
  const get = async (name: OptimadeOperationName, path: string, root = base): Promise<Answer> => {
    const response = await fetch(`${root}${path}`);
    const body: unknown = await response.json();
    expect(optimadeAnswerProblems(name, response.status, body)).toEqual([]);
    return { status: response.status, body, headers: response.headers };
  };
  const structures = async (query: string) => {
    const answer = await get('optimadeStructures', `/structures?${query}`);
    expect(answer.status).toBe(200);
    const body = answer.body as OptimadeStructuresResponse;
    for (const resource of body.data) expect(unprefixedAttributes(resource.attributes)).toEqual([]);
    return body;
  };
  const idsOf = (body: OptimadeStructuresResponse) => body.data.map((resource) => resource.id).sort();
  const errorOf = (answer: Answer) => (answer.body as OptimadeErrorDocument).errors[0]!;

  const upload = async (files: Record<string, string>) => {
    const { uploadId, ids: byMainfile } = await uploadProcessed(server, alice, files);
    Object.assign(ids, byMainfile);
    return uploadId;
  };
  const publish = (uploadId: string, embargoLength: number) =>
    publishUpload(server, alice, uploadId, embargoLength);

  beforeAll(async () => {
    server = await startTestServer();
    base = `${server.origin}${server.ctx.config.basePath}/optimade/v1`;
    alice = await createUserWithToken(server, 'alice');
    const published = await upload({
      'NaCl.cif': naclCif,
      'sio2/POSCAR': SIO2_POSCAR,
      'water.xyz': WATER_XYZ,
    });
    await publish(published, 0);
    await upload({ 'Fe.cif': feCif });
    const embargoed = await upload({ 'KCl.cif': kclCif });
    await publish(embargoed, 12);
  }, 120_000);
  afterAll(async () => server?.close());

  it('registers every row of the OPTIMADE table under both base URLs (versions unversioned only)', () => {
    const root = `${server.ctx.config.basePath}/optimade`;
    const missing = Object.entries(optimadeOperations).flatMap(([name, operation]) =>
      (name === 'optimadeVersions' ? [root] : [root, `${root}/v1`]).flatMap((prefix) =>
        fastifyUrls(operation.path)
          .filter((url) => !server.app.hasRoute({ method: operation.method, url: `${prefix}${url}` }))
          .map((url) => `${name}: ${prefix}${url}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('serves versions as CSV on the unversioned base URL only', async () => {
    const versions = await fetch(`${server.origin}${server.ctx.config.basePath}/optimade/versions`);
    expect(versions.status).toBe(200);
    expect(versions.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await versions.text()).toBe('version\n1\n');
    // Never under a versioned base URL (spec: versions endpoint).
    expect((await get('optimadeStructure', '/versions')).status).toBe(404);
  });

  it('describes the implementation at info, versioned and unversioned', async () => {
    for (const root of [base, base.replace(/\/v1$/, '')]) {
      const answer = await get('optimadeInfo', '/info', root);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
      expect(answer.body).toMatchObject({
        meta: { api_version: '1.2.0', provider: { prefix: 'nmd' }, query: { representation: '/info' } },
        data: {
          type: 'info',
          id: '/',
          attributes: {
            api_version: '1.2.0',
            available_api_versions: [{ url: base, version: '1.2.0' }],
            formats: ['json'],
            entry_types_by_format: { json: ['structures'] },
            available_endpoints: ['info', 'links', 'structures'],
          },
        },
      });
    }
  });

  it('lists the structures properties with type, unit and sortability at info/structures', async () => {
    const answer = await get('optimadeStructuresInfo', '/info/structures');
    expect(answer.status).toBe(200);
    const { data } = answer.body as {
      data: {
        id: string;
        properties: Record<string, Record<string, unknown>>;
        output_fields_by_format: { json: string[] };
      };
    };
    expect(data.id).toBe('structures');
    for (const name of [
      'id',
      'type',
      'last_modified',
      'elements',
      'nelements',
      'elements_ratios',
      'chemical_formula_descriptive',
      'chemical_formula_reduced',
      'chemical_formula_hill',
      'chemical_formula_anonymous',
      'dimension_types',
      'nperiodic_dimensions',
      'lattice_vectors',
      'cartesian_site_positions',
      'nsites',
      'species_at_sites',
      'species',
      'structure_features',
      '_nmd_entry_page_url',
      '_nmd_results_material_chemical_formula_hill',
    ])
      expect(data.output_fields_by_format.json).toContain(name);
    expect(data.properties.nelements).toMatchObject({
      'x-optimade-type': 'integer',
      type: ['integer', 'null'],
      sortable: true,
      'x-optimade-implementation': { sortable: true, 'query-support': 'all mandatory' },
    });
    expect(data.properties.lattice_vectors).toMatchObject({ sortable: false, unit: 'angstrom' });
    // Physical Unit Definitions with the keys v1.2 requires.
    expect(data.properties.lattice_vectors!['x-optimade-unit-definitions']).toEqual([
      expect.objectContaining({
        $schema: expect.stringContaining('physical_unit_definition'),
        $id: expect.any(String),
        'x-optimade-definition': expect.objectContaining({ kind: 'unit', name: 'angstrom' }),
        symbol: 'angstrom',
        title: expect.any(String),
        description: expect.any(String),
      }),
    ]);
    expect(data.properties.structure_features!.type).toEqual(['array']);
  });

  it('answers links with this implementation as its root', async () => {
    const answer = await get('optimadeLinks', '/links');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [{ type: 'links', attributes: { link_type: 'root' } }] });
  });

  it('serves only published, embargo-free structures, with every property a structure defines', async () => {
    const all = await structures('');
    expect(idsOf(all)).toEqual([ids['NaCl.cif'], ids['sio2/POSCAR'], ids['water.xyz']].sort());
    expect(all.meta).toMatchObject({ data_returned: 3, data_available: 3, more_data_available: false });
    const nacl = all.data.find((resource) => resource.id === ids['NaCl.cif'])!;
    expect(nacl.attributes).toMatchObject({
      immutable_id: ids['NaCl.cif'],
      elements: ['Cl', 'Na'],
      nelements: 2,
      elements_ratios: [0.5, 0.5],
      chemical_formula_reduced: 'ClNa',
      chemical_formula_anonymous: 'AB',
      dimension_types: [1, 1, 1],
      nperiodic_dimensions: 3,
      lattice_vectors: [
        [5.6402, 0, 0],
        [0, 5.6402, 0],
        [0, 0, 5.6402],
      ],
      nsites: 8,
      structure_features: [],
    });
    expect(nacl.attributes.cartesian_site_positions).toHaveLength(8);
    expect(nacl.attributes.species_at_sites).toHaveLength(8);
    expect(nacl.attributes.species).toEqual(
      expect.arrayContaining([{ name: 'Na', chemical_symbols: ['Na'], concentration: [1] }]),
    );
    expect(typeof nacl.attributes.last_modified).toBe('string');
    const water = all.data.find((resource) => resource.id === ids['water.xyz'])!;
    expect(water.attributes).toMatchObject({
      dimension_types: [0, 0, 0],
      nperiodic_dimensions: 0,
      nsites: 3,
    });
  });

  it("finds structures with the spec's example filters", async () => {
    expect(idsOf(await structures(`filter=${encodeURIComponent('elements HAS ALL "Si","O"')}`))).toEqual([
      ids['sio2/POSCAR'],
    ]);
    expect(idsOf(await structures('filter=nelements=2'))).toEqual(
      [ids['NaCl.cif'], ids['sio2/POSCAR'], ids['water.xyz']].sort(),
    );
    expect(
      idsOf(await structures(`filter=${encodeURIComponent('chemical_formula_reduced="ClNa"')}`)),
    ).toEqual([ids['NaCl.cif']]);
    expect(idsOf(await structures(`filter=${encodeURIComponent('nsites<5')}`))).toEqual(
      [ids['sio2/POSCAR'], ids['water.xyz']].sort(),
    );
    // Unpublished (Fe) and embargoed (KCl) entries stay hidden whatever the filter.
    expect((await structures(`filter=${encodeURIComponent('elements HAS ANY "Fe","K"')}`)).data).toEqual([]);
    const filtered = await structures('filter=nperiodic_dimensions=3');
    expect(filtered.meta).toMatchObject({ data_returned: 2, data_available: 3 });
  });

  it('sorts on sortable properties, pages with links.next and honours response_fields', async () => {
    const bySites = await structures('sort=-nsites&response_fields=nsites');
    expect(bySites.data.map((resource) => resource.attributes.nsites)).toEqual([8, 3, 3]);
    expect(Object.keys(bySites.data[0]!.attributes)).toEqual(['nsites']);
    const first = await structures('sort=nsites&page_limit=2&response_fields=nsites');
    expect(first.data).toHaveLength(2);
    expect(first.meta).toMatchObject({ more_data_available: true, data_returned: 3 });
    expect(first.links?.next).toBe(
      `${base}/structures?sort=nsites&page_limit=2&response_fields=nsites&page_offset=2`,
    );
    const next = await fetch(first.links!.next as string);
    const second = (await next.json()) as OptimadeStructuresResponse;
    expect(second.data.map((resource) => resource.attributes.nsites)).toEqual([8]);
    expect(second.meta.more_data_available).toBe(false);
    expect(second.links?.next ?? null).toBeNull();
    const byNumber = await structures('sort=nsites&page_limit=2&page_number=2');
    expect(byNumber.data.map((resource) => resource.id)).toEqual(second.data.map((resource) => resource.id));
    const provider = await structures(
      `filter=${encodeURIComponent('_nmd_results_material_n_elements=2')}&response_fields=_nmd_entry_page_url,_nmd_results_material_chemical_formula_hill,nelements`,
    );
    const nacl = provider.data.find((resource) => resource.id === ids['NaCl.cif'])!;
    expect(nacl.attributes).toMatchObject({
      nelements: 2,
      _nmd_results_material_chemical_formula_hill: 'Cl4Na4',
      _nmd_entry_page_url: expect.stringContaining(`/gui/entry/id/`),
    });
    // A requested field without a value is returned as null, not left out.
    const unknown = await structures(
      'response_fields=_nmd_results_properties_optoelectronic_band_gap_optical_value&page_limit=1',
    );
    expect(unknown.data[0]!.attributes).toEqual({
      _nmd_results_properties_optoelectronic_band_gap_optical_value: null,
    });
  });

  it('warns about unknown provider parameters and response fields, and refuses unknown plain ones', async () => {
    const warned = await structures('_exmpl_key=1&response_fields=nelements,no_such_field');
    expect(warned.meta.warnings?.map((item) => item.detail)).toEqual([
      'The query parameter _exmpl_key is not known to this endpoint and was ignored.',
      'The response field no_such_field is not served and was left out.',
    ]);
    const refused = await get('optimadeStructures', '/structures?no_such_param=1');
    expect(refused.status).toBe(400);
    const info = await get('optimadeInfo', '/info?no_such_param=1');
    expect(info.status).toBe(200);
    expect((info.body as { meta: { warnings: unknown[] } }).meta.warnings).toHaveLength(1);
  });

  it('answers a bad filter, a too large page, an unknown format or sort with OPTIMADE error documents', async () => {
    const bad = await get(
      'optimadeStructures',
      `/structures?filter=${encodeURIComponent('elements HAS ALL "Na",')}`,
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ status: '400', title: 'Bad Request' });
    expect(errorOf(bad).detail).toMatch(/line 1, column 23/);
    expect(bad.body).not.toHaveProperty('data');
    // Valid filters this implementation does not offer: 501 (string constants, mixed types).
    for (const filter of ['"a" = "b"', 'nelements = "two"']) {
      const notOffered = await get('optimadeStructures', `/structures?filter=${encodeURIComponent(filter)}`);
      expect(notOffered.status).toBe(501);
      expect(errorOf(notOffered)).toMatchObject({ status: '501', title: 'Not Implemented' });
    }
    // Another database's property is unknown here, not an error: it matches only IS UNKNOWN.
    const foreign = await structures(`filter=${encodeURIComponent('_exmpl_band_gap < 2')}`);
    expect(foreign.data).toEqual([]);
    const unknown = await structures(`filter=${encodeURIComponent('_exmpl_band_gap IS UNKNOWN')}`);
    expect(unknown.meta.data_returned).toBe(3);
    const tooMany = await get('optimadeStructures', '/structures?page_limit=501');
    expect(tooMany.status).toBe(403);
    expect(errorOf(tooMany).detail).toMatch(/500/);
    expect((await get('optimadeStructures', '/structures?response_format=xml')).status).toBe(400);
    expect((await get('optimadeStructures', '/structures?sort=lattice_vectors')).status).toBe(400);
    expect((await get('optimadeStructures', '/structures?page_limit=ten')).status).toBe(400);
    expect((await get('optimadeStructures', '/structures?page_offset=9999&page_limit=2')).status).toBe(400);
    expect((await get('optimadeStructures', '/structures?include=calculations')).status).toBe(400);
  });

  it('leaves cell and sites of archives too large to read as null, and says so', async () => {
    const { rows } = await server.ctx.db.query<{ upload_id: string }>(
      'SELECT upload_id FROM entries WHERE entry_id = $1',
      [ids['water.xyz']],
    );
    const file = new UploadFiles(server.ctx.config.dataDir, rows[0]!.upload_id).archivePath(
      ids['water.xyz']!,
    );
    const original = readFileSync(file);
    // Trailing white space keeps it the same JSON, past the 16 MB an answer reads of one archive.
    writeFileSync(file, Buffer.concat([original, Buffer.alloc(17 * 1024 * 1024, 0x20)]));
    try {
      const water = await get(
        'optimadeStructure',
        `/structures/${ids['water.xyz']}?response_fields=lattice_vectors,cartesian_site_positions,nsites`,
      );
      const body = water.body as OptimadeStructureResponse;
      expect(body.data?.attributes).toEqual({
        lattice_vectors: null,
        cartesian_site_positions: null,
        nsites: 3,
      });
      expect(body.meta.warnings?.map((item) => item.code)).toContain('_nmd_archive_budget');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('serves one structure by id and answers 404 for unknown, unpublished and embargoed ids', async () => {
    const one = await get('optimadeStructure', `/structures/${ids['NaCl.cif']}?response_fields=nelements`);
    expect(one.status).toBe(200);
    const sliced = await get(
      'optimadeStructure',
      `/structures/${ids['NaCl.cif']}?dimension_slices=dim_sites:1`,
    );
    expect(sliced.status).toBe(501);
    expect(one.body).toMatchObject({
      data: { type: 'structures', id: ids['NaCl.cif'], attributes: { nelements: 2 } },
      meta: { more_data_available: false },
    });
    for (const id of ['no-such-id', ids['Fe.cif']!, ids['KCl.cif']!]) {
      const missing = await get('optimadeStructure', `/structures/${id}`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing)).toMatchObject({ status: '404', title: 'Not Found' });
    }
    expect(
      (await get('optimadeStructure', `/structures/${ids['NaCl.cif']}?response_format=xml`)).status,
    ).toBe(400);
  });

  it('answers unserved endpoints and versions with error documents', async () => {
    const references = await fetch(`${base}/references`);
    expect(references.status).toBe(404);
    expect(optimadeAnswerProblems('optimadeStructure', 404, await references.json())).toEqual([]);
    const v2 = await fetch(`${server.origin}${server.ctx.config.basePath}/optimade/v2/info`);
    expect(v2.status).toBe(553);
  });
});
