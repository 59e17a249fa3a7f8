// The metainfo API against the real server and embedded database: built-in definitions by qualified name,
// users' schema files as packages, and a user's section by its definition id, as each role may see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { apiClient, as, callApi, refusalOf, waitProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { setUploadAccess } from '../testing/upload-access.ts';
import { createUserWithToken } from '../testing/users.ts';

const schema = (unit: string) => `definitions:
  name: films
  sections:
    Film:
      base_sections: [nomad.datamodel.data.EntryData]
      quantities:
        thickness: {type: float, unit: ${unit}}
      sub_sections:
        layers:
          repeats: true
          section:
            quantities:
              material: {type: str}
`;

describe('the metainfo API', () => {
  let server: TestServer;
  const tokens: Record<'author' | 'reviewer' | 'external', string> = {
    author: '',
    reviewer: '',
    external: '',
  };
  let uploadId: string;
  let entryId: string;

  /** Bad requests (what the client's types do not let through) go by hand. */
  const get = (token: string | undefined, path: string) => callApi(server, token, 'GET', path);
  const definition = (token: string | undefined, name: string) =>
    apiClient(server, token).call('metainfoDefinition', { params: { definition: name } });
  const packages = (token: string | undefined, query: { page_size?: number } = {}) =>
    apiClient(server, token).call('metainfoPackages', { query });
  const processedSchema = async (unit: string) => {
    const response = await fetch(
      `${server.api}/uploads/${uploadId}/raw/?file_name=films.schema.archive.yaml&wait_for_processing=true`,
      as(tokens.author, { method: 'PUT', body: schema(unit) }),
    );
    expect(response.status).toBe(200);
  };
  /** The ids of the schema's sections, as the package answer for any of them lists them. */
  const sectionIds = async () => {
    const { rows } = await server.ctx.db.query<{ definition_id: string; path: string }>(
      'SELECT definition_id, path FROM section_definitions WHERE entry_id = $1 ORDER BY path',
      [entryId],
    );
    return rows;
  };

  beforeAll(async () => {
    server = await startTestServer();
    for (const role of ['author', 'reviewer', 'external'] as const)
      tokens[role] = await createUserWithToken(server, role);
    ({ upload_id: uploadId } = await apiClient(server, tokens.author).call('uploadCreate'));
    await processedSchema('nm');
    expect((await waitProcessed(server, uploadId, tokens.author)).process_status).toBe('SUCCESS');
    entryId = generateEntryId(uploadId, 'films.schema.archive.yaml');
    const reviewer = await apiClient(server, tokens.reviewer).call('usersMe');
    await setUploadAccess(server.ctx.db, uploadId, { reviewers: [reviewer.user_id] });
  });
  afterAll(async () => server?.close());

  it('answers a built-in package, section, quantity and sub-section by qualified name, to anyone', async () => {
    const cases = [
      ['nomad.datamodel.results', 'package'],
      ['nomad.datamodel.results.Material', 'section'],
      ['nomad.datamodel.results.Material.elements', 'quantity'],
      ['nomad.datamodel.results.Results.material', 'sub_section'],
    ] as const;
    for (const [name, kind] of cases) {
      const answer = await definition(undefined, name);
      expect(answer).toMatchObject({ definition: name, kind });
      expect(answer.data).toMatchObject({
        name: name.split('.').pop() === 'results' ? name : name.split('.').pop(),
      });
    }
    const elements = await definition(undefined, 'nomad.datamodel.results.Material.elements');
    // A definition's body is the metainfo's serialisation, typed as unknown by the contract.
    expect((elements.data as { type: unknown }).type).toMatchObject({
      type_kind: 'enum',
      type_data: expect.arrayContaining(['Fe']),
    });
  });

  it('lists the built-in packages and the schema files the caller may see', async () => {
    const mine = await packages(tokens.author);
    const builtin = mine.data.filter((pkg) => pkg.kind === 'builtin');
    expect(builtin.map((pkg) => pkg.name)).toContain('nomad.datamodel.results');
    expect(builtin.every((pkg) => (pkg.section_count ?? 0) > 0)).toBe(true);
    expect(mine.data.filter((pkg) => pkg.kind === 'schema')).toEqual([
      {
        // The entry's name: a schema file is named by its package.
        name: 'films',
        kind: 'schema',
        entry_id: entryId,
        upload_id: uploadId,
        mainfile: 'films.schema.archive.yaml',
      },
    ]);
    const others = await packages(tokens.external);
    expect(others.data.some((pkg) => pkg.kind === 'schema')).toBe(false);
    const builtinOnly = await packages(tokens.author, { page_size: 0 });
    expect(builtinOnly.data).toEqual(builtin);
  });

  it("answers a user's section by its definition id with its whole package, to those who may see it", async () => {
    const ids = await sectionIds();
    expect(ids.map((id) => id.path)).toEqual([
      '/definitions/section_definitions/0',
      '/definitions/section_definitions/0/inner_section_definitions/0',
    ]);
    const inner = ids[1]!.definition_id;
    const answer = await definition(tokens.author, inner);
    expect(answer).toMatchObject({
      definition: inner,
      kind: 'package',
      entry_id: entryId,
      upload_id: uploadId,
      snapshot_section_id: inner,
      snapshot_section_ids: ids.map((id) => id.definition_id),
    });
    expect(answer.snapshot_package_id).toMatch(/^[0-9a-f]{40}$/);
    expect(answer.data).toMatchObject({ name: 'films', section_definitions: [{ name: 'Film' }] });

    // Who may see the upload may see its definitions: the reviewer; not others, told as for a missing one.
    expect((await definition(tokens.reviewer, inner)).definition).toBe(inner);
    for (const token of [tokens.external, undefined])
      expect(await refusalOf(definition(token, inner))).toEqual([
        404,
        { detail: `The metainfo definition ${inner} does not exist or is not visible to you.` },
      ]);
    await setUploadAccess(server.ctx.db, uploadId, { published: true });
    expect((await get(undefined, `metainfo/${inner}`)).status).toBe(200);
    await setUploadAccess(server.ctx.db, uploadId, { with_embargo: true, embargo_length: 3 });
    expect((await get(tokens.external, `metainfo/${inner}`)).status).toBe(404);
    expect((await get(tokens.reviewer, `metainfo/${inner}`)).status).toBe(200);
    await setUploadAccess(server.ctx.db, uploadId, {
      published: false,
      with_embargo: false,
      embargo_length: 0,
    });
  });

  it('names a version: a changed schema has new ids, and the old one is gone', async () => {
    const before = (await sectionIds())[0]!.definition_id;
    await processedSchema('mm');
    const after = (await sectionIds())[0]!.definition_id;
    expect(after).not.toBe(before);
    expect((await get(tokens.author, `metainfo/${before}`)).status).toBe(404);
    expect((await get(tokens.author, `metainfo/${after}`)).status).toBe(200);
    // Deleting the file deletes the entry and its definitions.
    await callApi(server, tokens.author, 'DELETE', `uploads/${uploadId}/raw/films.schema.archive.yaml`);
    await waitProcessed(server, uploadId, tokens.author);
    expect((await sectionIds()).length).toBe(0);
  });

  it('refuses what names no definition, with a 404 or a 422', async () => {
    for (const name of [
      'nomad.datamodel.results.NoSuchSection',
      'nomad.datamodel.results.Material.elements.deeper',
      'no.such.package',
      'f'.repeat(40),
      '%20',
    ]) {
      const response = await get(tokens.author, `metainfo/${name}`);
      expect(response.status, name).toBe(404);
    }
    expect((await get(tokens.author, `metainfo/${'x'.repeat(1001)}`)).status).toBe(422);
    for (const size of ['-1', '101', 'many'])
      expect((await get(tokens.author, `metainfo/?page_size=${size}`)).status, size).toBe(422);
  });
});
