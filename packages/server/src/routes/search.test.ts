// The search endpoints over seeded entries in the real server: counts checked against SQL on the same database.
import type { ApiClient } from '@oasis/client';
import type { EntriesQueryRequest, MaterialsQueryRequest } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { apiClient, refusalOf, uploadProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

/** A material's fields beyond its id, which the contract leaves open. */
type Material = { material_id: string; entries?: unknown[]; elements?: string[] };

describe('search endpoints', () => {
  let server: TestServer;
  let anonymous: ApiClient;
  let alice: ApiClient;
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await server.ctx.db.query<T>(text, params)).rows;
  const entries = (body: EntriesQueryRequest, api = anonymous) => api.call('entriesQuery', { body });
  const suggestions = (input: string, quantities: string[]) =>
    anonymous.call('suggestions', { body: { input, quantities } });

  beforeAll(async () => {
    server = await startTestServer();
    await seedUploads(server.ctx.db, {
      seed: 7,
      uploads: 3,
      entriesPerUpload: 40,
      from: '2022-01-01T00:00:00Z',
    });
    anonymous = apiClient(server);
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    // Answers once the upload's processing has succeeded.
    await uploadProcessed(alice, 'data.zip', makeZip({ 'NaCl.cif': naclCif }));
  }, 120_000);
  afterAll(async () => server?.close());

  it('counts what SQL counts: totals per owner, terms, histograms, and exclude_from_search', async () => {
    const [published] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.published`,
    );
    const elementCounts = await sql<{ v: string; n: number }>(
      `SELECT v, count(*)::int AS n FROM entries e JOIN uploads u USING (upload_id),
         jsonb_array_elements_text(e.metadata -> 'results' -> 'material' -> 'elements') v
       WHERE u.published GROUP BY v ORDER BY n DESC, v LIMIT 5`,
    );
    const body = await entries({
      owner: 'public',
      pagination: { page_size: 0 },
      aggregations: {
        elements: { terms: { quantity: 'results.material.elements', size: 5 } },
        n: { histogram: { quantity: 'results.material.n_elements', interval: 1 } },
      },
    });
    expect(body.pagination.total).toBe(published!.n);
    expect(body.aggregations!.elements!.terms!.data.map((b) => [b.value, b.count])).toEqual(
      elementCounts.map((r) => [r.v, r.n]),
    );
    expect(body.aggregations!.n!.histogram!.data.reduce((sum, b) => sum + b.count, 0)).toBe(published!.n);

    // Alice sees her unpublished NaCl with 'visible'; anonymous callers cannot ask for 'user'.
    const visible = await entries({ owner: 'visible', pagination: { page_size: 0 } }, alice);
    expect(visible.pagination.total).toBe(published!.n + 1);
    expect((await refusalOf(entries({ owner: 'user' })))[0]).toBe(401);

    // A filter on O; its own aggregation ignores it (exclude_from_search), the others do not.
    const filtered = await entries({
      owner: 'public',
      query: { 'results.material.elements': ['O'] },
      pagination: { page_size: 0 },
      aggregations: {
        own: { terms: { quantity: 'results.material.elements', size: 5, exclude_from_search: true } },
        other: { terms: { quantity: 'results.material.elements', size: 1 } },
      },
    });
    const [withO] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.published AND e.metadata -> 'results' -> 'material' -> 'elements' ? 'O'`,
    );
    expect(filtered.pagination.total).toBe(withO!.n);
    expect(filtered.aggregations!.own!.terms!.data).toEqual(
      body.aggregations!.elements!.terms!.data.map((b) => ({ ...b, nested_count: b.count })),
    );
    expect(filtered.aggregations!.other!.terms!.data[0]).toMatchObject({ value: 'O', count: withO!.n });
  });

  it('pages with cursors through all entries once, newest first', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const body = await entries({
        owner: 'public',
        pagination: {
          page_size: 50,
          order_by: 'upload_create_time',
          order: 'desc',
          ...(after ? { page_after_value: after } : {}),
        },
        required: { include: ['entry_id', 'upload_create_time'] },
      });
      seen.push(...body.data.map((entry) => entry.entry_id!));
      after = body.pagination.next_page_after_value;
      if (!after) break;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it('answers GET /entries with quantity parameters and json_query', async () => {
    const byQueryString = (query: Record<string, string | number>) =>
      anonymous.call('entriesByQueryString', { query });
    const byParams = await byQueryString({
      owner: 'public',
      'results.material.elements': 'O',
      page_size: 1,
    });
    const byJson = await byQueryString({
      owner: 'public',
      json_query: JSON.stringify({ 'results.material.elements': 'O' }),
    });
    expect(byParams.pagination.total).toBe(byJson.pagination.total);
    expect(byParams.data).toHaveLength(1);
    const [status, body] = await refusalOf(byQueryString({ no_such_thing: 1 }));
    expect(status).toBe(422);
    expect(JSON.stringify(body)).toContain('no_such_thing is not a doc quantity');
  });

  it('suggests values by word starts, only from entries the caller may see', async () => {
    const body = await suggestions('va', ['results.method.simulation.program_name']);
    expect(body['results.method.simulation.program_name']!.map((s) => s.value)).toContain('VASP');
    const names = await suggestions('alice', ['authors.name']);
    expect(names['authors.name']).toEqual([]);
    // Quantities without suggestions (numbers, unknown names) are left out, not refused.
    const mixed = await suggestions('va', [
      'results.material.n_elements',
      'no.such.quantity',
      'results.method.simulation.program_name',
    ]);
    expect(Object.keys(mixed)).toEqual(['results.method.simulation.program_name']);
    expect(mixed['results.method.simulation.program_name']!.map((s) => s.value)).toContain('VASP');
    expect(await suggestions('x', ['results.material.n_elements'])).toEqual({});
  });

  it('finds entries by the start of their name (entry_name.prefix)', async () => {
    const all = await entries({ owner: 'public', pagination: { page_size: 1000 } });
    expect(all.data).toHaveLength(all.pagination.total);
    const name = all.data.map((entry) => entry.entry_name).find(Boolean)!;
    const prefix = name.slice(0, 3);
    const expected = all.data.filter((entry) => String(entry.entry_name).startsWith(prefix)).length;
    expect(expected).toBeLessThan(all.pagination.total);
    const byPrefix = await entries({
      owner: 'public',
      query: { 'entry_name.prefix:all': [prefix] },
      pagination: { page_size: 1000 },
    });
    expect(byPrefix.pagination.total).toBe(expected);
    expect(byPrefix.data.every((entry) => String(entry.entry_name).startsWith(prefix))).toBe(true);
    const excluded = await entries({
      owner: 'public',
      query: { 'entry_name.prefix:none': prefix },
      pagination: { page_size: 0 },
    });
    expect(excluded.pagination.total).toBe(all.pagination.total - expected);
    expect((await refusalOf(entries({ query: { 'entry_name.prefix': 3 } })))[0]).toBe(422);
    // Names of Object's own members are no prefix fields.
    expect((await refusalOf(entries({ query: { 'constructor:all': ['x'] } })))[0]).toBe(422);
  });

  it('groups entries by material in materials/query', async () => {
    const [materials] = await sql<{ n: number }>(
      `SELECT count(DISTINCT e.metadata #>> '{results,material,material_id}')::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.published`,
    );
    const body = await anonymous.call('materialsQuery', {
      body: {
        owner: 'public',
        pagination: { page_size: 5 },
        aggregations: { systems: { terms: { quantity: 'symmetry.crystal_system', size: 10 } } },
      },
    });
    expect(body.pagination.total).toBe(materials!.n);
    expect((body.data as Material[])[0]!.entries!.length).toBeGreaterThan(0);
    const counted = body.aggregations!.systems!.terms!.data.reduce((sum, b) => sum + b.count, 0);
    expect(counted).toBeLessThanOrEqual(materials!.n);
  });

  it('reads materials/query names relative to the material, under entries, or as the entries index spells them', async () => {
    const materials = (body: MaterialsQueryRequest) =>
      anonymous.call('materialsQuery', { body: { owner: 'public', ...body } });
    const all = await materials({ pagination: { page_size: 0 } });
    const counted = await materials({
      pagination: { page_size: 0 },
      aggregations: {
        relative: { terms: { quantity: 'elements', size: 20 } },
        prefixed: { terms: { quantity: 'results.material.elements', size: 20 } },
        crystal: { terms: { quantity: 'results.material.symmetry.crystal_system', size: 10 } },
        program: { terms: { quantity: 'entries.results.method.simulation.program_name', size: 10 } },
      },
    });
    const buckets = (name: string) =>
      counted.aggregations![name]!.terms!.data.map((b) => [b.value, b.count] as const);
    expect(buckets('prefixed')).toEqual(buckets('relative'));
    // The answer names the quantity as asked.
    expect(counted.aggregations!.prefixed!.terms).toMatchObject({ quantity: 'results.material.elements' });
    const [element, withElement] = buckets('relative')[0]!;
    expect(withElement).toBeLessThan(all.pagination.total);
    for (const query of [
      { 'elements:all': [element] },
      { 'results.material.elements:all': [element] },
      { 'results.material': { 'elements:all': [element] } },
    ]) {
      const body = await materials({ query, pagination: { page_size: 100 } });
      expect(body.pagination.total, JSON.stringify(query)).toBe(withElement);
      expect(
        (body.data as Material[]).every((material) => material.elements?.includes(String(element))),
      ).toBe(true);
    }
    const [system, withSystem] = buckets('crystal')[0]!;
    const bySystem = await materials({
      query: { 'results.material.symmetry.crystal_system:any': [system] },
      pagination: { page_size: 0 },
    });
    expect(bySystem.pagination.total).toBe(withSystem);
    const [program, withProgram] = buckets('program')[0]!;
    const byProgram = await materials({
      query: { 'entries.results.method.simulation.program_name:any': [program] },
      pagination: { page_size: 0 },
    });
    expect(byProgram.pagination.total).toBeLessThanOrEqual(withProgram);
    expect(byProgram.pagination.total).toBeGreaterThan(0);
    // An entry quantity is no material quantity: without `entries.` it is unknown, as in NOMAD.
    expect((await refusalOf(materials({ query: { upload_create_time: { gte: 0 } } })))[0]).toBe(422);
  });

  it('finds free text by word starts (ordered by _score) and existence of sections', async () => {
    const body = await entries(
      {
        owner: 'visible',
        query: { text_search_contents: 'nacl' },
        pagination: { order_by: '_score', order: 'desc' },
      },
      alice,
    );
    expect(body.data.map((entry) => entry.mainfile)).toEqual(['NaCl.cif']);
    const [gaps] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.published AND e.metadata #> '{results,properties,electronic}' IS NOT NULL`,
    );
    const exists = await entries({
      owner: 'public',
      query: { quantities: ['results.properties.electronic'] },
      pagination: { page_size: 0 },
    });
    expect(exists.pagination.total).toBe(gaps!.n);
  });

  it('sees an upload renamed in the database at the next search', async () => {
    const [upload] = await sql<{ upload_id: string }>(
      `SELECT upload_id FROM uploads WHERE published LIMIT 1`,
    );
    await sql(`UPDATE uploads SET upload_name = 'Renamed for the test' WHERE upload_id = $1`, [
      upload!.upload_id,
    ]);
    const body = await entries({
      owner: 'public',
      query: { upload_name: 'Renamed for the test' },
      pagination: { page_size: 0 },
    });
    const [n] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM entries WHERE upload_id = $1`, [
      upload!.upload_id,
    ]);
    expect(body.pagination.total).toBe(n!.n);
  });
});
