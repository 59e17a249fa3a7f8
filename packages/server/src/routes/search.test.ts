// The search endpoints over seeded entries in the real server: counts checked against SQL on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUploads } from '../testing/seed-uploads.ts';
import { as, json, waitProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

interface Bucket {
  value: string | number;
  count: number;
}
interface SearchResponse {
  pagination: { total: number; next_page_after_value?: string };
  data: {
    entry_id: string;
    mainfile: string;
    entry_name?: string;
    upload_name?: string;
    results?: unknown;
  }[];
  aggregations: Record<string, Record<string, { data: Bucket[]; interval?: number }>>;
}

describe('search endpoints', () => {
  let server: TestServer;
  let alice: string;
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await server.ctx.db.query<T>(text, params)).rows;
  const post = async <T = SearchResponse>(path: string, body: unknown, token?: string) => {
    const response = await fetch(
      `${server.api}/${path}`,
      as(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await json<T>(response) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    await seedUploads(server.ctx.db, {
      seed: 7,
      uploads: 3,
      entriesPerUpload: 40,
      from: '2022-01-01T00:00:00Z',
    });
    alice = await createUserWithToken(server, 'alice');
    const { upload_id: uploadId } = await json<{ upload_id: string }>(
      await fetch(
        `${server.api}/uploads?file_name=data.zip`,
        as(alice, { method: 'POST', body: makeZip({ 'NaCl.cif': naclCif }) }),
      ),
    );
    expect((await waitProcessed(server, uploadId, alice)).process_status).toBe('SUCCESS');
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
    const { body } = await post('entries/query', {
      owner: 'public',
      pagination: { page_size: 0 },
      aggregations: {
        elements: { terms: { quantity: 'results.material.elements', size: 5 } },
        n: { histogram: { quantity: 'results.material.n_elements', interval: 1 } },
      },
    });
    expect(body.pagination.total).toBe(published!.n);
    expect(body.aggregations.elements!.terms!.data.map((b) => [b.value, b.count])).toEqual(
      elementCounts.map((r) => [r.v, r.n]),
    );
    expect(body.aggregations.n!.histogram!.data.reduce((sum, b) => sum + b.count, 0)).toBe(published!.n);

    // Alice sees her unpublished NaCl with 'visible'; anonymous callers cannot ask for 'user'.
    const visible = await post('entries/query', { owner: 'visible', pagination: { page_size: 0 } }, alice);
    expect(visible.body.pagination.total).toBe(published!.n + 1);
    expect((await post('entries/query', { owner: 'user' })).status).toBe(401);

    // A filter on O; its own aggregation ignores it (exclude_from_search), the others do not.
    const filtered = await post('entries/query', {
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
    expect(filtered.body.pagination.total).toBe(withO!.n);
    expect(filtered.body.aggregations.own!.terms!.data).toEqual(
      body.aggregations.elements!.terms!.data.map((b) => ({ ...b, nested_count: b.count })),
    );
    expect(filtered.body.aggregations.other!.terms!.data[0]).toMatchObject({ value: 'O', count: withO!.n });
  });

  it('pages with cursors through all entries once, newest first', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const { body } = await post('entries/query', {
        owner: 'public',
        pagination: {
          page_size: 50,
          order_by: 'upload_create_time',
          order: 'desc',
          ...(after ? { page_after_value: after } : {}),
        },
        required: { include: ['entry_id', 'upload_create_time'] },
      });
      seen.push(...body.data.map((entry) => entry.entry_id));
      after = body.pagination.next_page_after_value;
      if (!after) break;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it('answers GET /entries with quantity parameters and json_query', async () => {
    const byParams = await json<SearchResponse>(
      await fetch(`${server.api}/entries?owner=public&results.material.elements=O&page_size=1`),
    );
    const byJson = await json<SearchResponse>(
      await fetch(
        `${server.api}/entries?owner=public&json_query=${encodeURIComponent(JSON.stringify({ 'results.material.elements': 'O' }))}`,
      ),
    );
    expect(byParams.pagination.total).toBe(byJson.pagination.total);
    expect(byParams.data).toHaveLength(1);
    const unknown = await fetch(`${server.api}/entries?no_such_thing=1`);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(await unknown.json())).toContain('no_such_thing is not a doc quantity');
  });

  it('suggests values by word starts, only from entries the caller may see', async () => {
    const { status, body } = await post<Record<string, { value: string; weight: number }[]>>('suggestions', {
      input: 'va',
      quantities: ['results.method.simulation.program_name'],
    });
    expect(status).toBe(200);
    expect(body['results.method.simulation.program_name']!.map((s) => s.value)).toContain('VASP');
    const names = await post<Record<string, { value: string }[]>>('suggestions', {
      input: 'alice',
      quantities: ['authors.name'],
    });
    expect(names.body['authors.name']).toEqual([]);
    // Quantities without suggestions (numbers, unknown names) are left out, not refused.
    const mixed = await post<Record<string, { value: string }[]>>('suggestions', {
      input: 'va',
      quantities: [
        'results.material.n_elements',
        'no.such.quantity',
        'results.method.simulation.program_name',
      ],
    });
    expect(mixed.status).toBe(200);
    expect(Object.keys(mixed.body)).toEqual(['results.method.simulation.program_name']);
    expect(mixed.body['results.method.simulation.program_name']!.map((s) => s.value)).toContain('VASP');
    const none = await post('suggestions', { input: 'x', quantities: ['results.material.n_elements'] });
    expect([none.status, none.body]).toEqual([200, {}]);
  });

  it('finds entries by the start of their name (entry_name.prefix)', async () => {
    const all = await post('entries/query', { owner: 'public', pagination: { page_size: 1000 } });
    expect(all.body.data).toHaveLength(all.body.pagination.total);
    const name = all.body.data.map((entry) => entry.entry_name).find(Boolean)!;
    const prefix = name.slice(0, 3);
    const expected = all.body.data.filter((entry) => String(entry.entry_name).startsWith(prefix)).length;
    expect(expected).toBeLessThan(all.body.pagination.total);
    const byPrefix = await post('entries/query', {
      owner: 'public',
      query: { 'entry_name.prefix:all': [prefix] },
      pagination: { page_size: 1000 },
    });
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body.pagination.total).toBe(expected);
    expect(byPrefix.body.data.every((entry) => String(entry.entry_name).startsWith(prefix))).toBe(true);
    const excluded = await post('entries/query', {
      owner: 'public',
      query: { 'entry_name.prefix:none': prefix },
      pagination: { page_size: 0 },
    });
    expect(excluded.body.pagination.total).toBe(all.body.pagination.total - expected);
    expect((await post('entries/query', { query: { 'entry_name.prefix': 3 } })).status).toBe(422);
    // Names of Object's own members are no prefix fields.
    expect((await post('entries/query', { query: { 'constructor:all': ['x'] } })).status).toBe(422);
  });

  it('groups entries by material in materials/query', async () => {
    const [materials] = await sql<{ n: number }>(
      `SELECT count(DISTINCT e.metadata #>> '{results,material,material_id}')::int AS n FROM entries e JOIN uploads u USING (upload_id) WHERE u.published`,
    );
    const { status, body } = await post<
      SearchResponse & { data: { material_id: string; entries: unknown[] }[] }
    >('materials/query', {
      owner: 'public',
      pagination: { page_size: 5 },
      aggregations: { systems: { terms: { quantity: 'symmetry.crystal_system', size: 10 } } },
    });
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(materials!.n);
    expect(body.data[0]!.entries.length).toBeGreaterThan(0);
    const counted = body.aggregations.systems!.terms!.data.reduce((sum, b) => sum + b.count, 0);
    expect(counted).toBeLessThanOrEqual(materials!.n);
  });

  it('reads materials/query names relative to the material, under entries, or as the entries index spells them', async () => {
    type MaterialsResponse = Omit<SearchResponse, 'data'> & {
      data: { material_id: string; elements?: string[] }[];
    };
    const materials = (body: Record<string, unknown>) =>
      post<MaterialsResponse>('materials/query', { owner: 'public', ...body });
    const all = await materials({ pagination: { page_size: 0 } });
    const { body: counted, status } = await materials({
      pagination: { page_size: 0 },
      aggregations: {
        relative: { terms: { quantity: 'elements', size: 20 } },
        prefixed: { terms: { quantity: 'results.material.elements', size: 20 } },
        crystal: { terms: { quantity: 'results.material.symmetry.crystal_system', size: 10 } },
        program: { terms: { quantity: 'entries.results.method.simulation.program_name', size: 10 } },
      },
    });
    expect(status).toBe(200);
    const buckets = (name: string) =>
      counted.aggregations[name]!.terms!.data.map((b) => [b.value, b.count] as const);
    expect(buckets('prefixed')).toEqual(buckets('relative'));
    // The answer names the quantity as asked.
    expect(counted.aggregations.prefixed!.terms).toMatchObject({ quantity: 'results.material.elements' });
    const [element, withElement] = buckets('relative')[0]!;
    expect(withElement).toBeLessThan(all.body.pagination.total);
    for (const query of [
      { 'elements:all': [element] },
      { 'results.material.elements:all': [element] },
      { 'results.material': { 'elements:all': [element] } },
    ]) {
      const { status: filtered, body } = await materials({ query, pagination: { page_size: 100 } });
      expect(filtered, JSON.stringify(query)).toBe(200);
      expect(body.pagination.total).toBe(withElement);
      expect(body.data.every((material) => material.elements?.includes(String(element)))).toBe(true);
    }
    const [system, withSystem] = buckets('crystal')[0]!;
    const bySystem = await materials({
      query: { 'results.material.symmetry.crystal_system:any': [system] },
      pagination: { page_size: 0 },
    });
    expect(bySystem.body.pagination.total).toBe(withSystem);
    const [program, withProgram] = buckets('program')[0]!;
    const byProgram = await materials({
      query: { 'entries.results.method.simulation.program_name:any': [program] },
      pagination: { page_size: 0 },
    });
    expect(byProgram.body.pagination.total).toBeLessThanOrEqual(withProgram);
    expect(byProgram.body.pagination.total).toBeGreaterThan(0);
    // An entry quantity is no material quantity: without `entries.` it is unknown, as in NOMAD.
    expect((await materials({ query: { upload_create_time: { gte: 0 } } })).status).toBe(422);
  });

  it('finds free text by word starts (ordered by _score) and existence of sections', async () => {
    const { body } = await post(
      'entries/query',
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
    const exists = await post('entries/query', {
      owner: 'public',
      query: { quantities: ['results.properties.electronic'] },
      pagination: { page_size: 0 },
    });
    expect(exists.body.pagination.total).toBe(gaps!.n);
  });

  it('sees an upload renamed in the database at the next search', async () => {
    const [upload] = await sql<{ upload_id: string }>(
      `SELECT upload_id FROM uploads WHERE published LIMIT 1`,
    );
    await sql(`UPDATE uploads SET upload_name = 'Renamed for the test' WHERE upload_id = $1`, [
      upload!.upload_id,
    ]);
    const { body } = await post('entries/query', {
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
