// What processing derives from whole archives for search (data's search quantities, entry references,
// section definitions, files, OPTIMADE fields), queried the way the search page's filters do, against the
// real server and embedded database.
import type { ApiClient } from '@oasis/client';
import type { EntriesQueryRequest } from '@oasis/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { apiClient, uploadProcessed } from '../testing/http.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

const schema = `definitions:
  name: Furnace lab
  sections:
    Anneal:
      base_section: nomad.datamodel.data.EntryData
      quantities:
        label: {type: str}
        temperature: {type: float, unit: K}
        started: {type: Datetime}
        furnace: {type: '../upload/raw/lab/furnace.archive.yaml#Furnace'}
      sub_sections:
        extra:
          section:
            quantities:
              weight: {type: float}
`;
// The furnace file defines its section, but its data does not name it: its values are not checked.
const furnace = `definitions:
  sections:
    Furnace:
      quantities:
        name: {type: str}
data:
  name: Furnace 1
  power: 1200
`;
const anneal = (label: string, temperature: number, other: number) => `data:
  m_def: ../upload/raw/lab/schema.archive.yaml#Anneal
  label: ${label}
  temperature: ${temperature}
  started: '2025-02-03T08:00:00Z'
  furnace: ../upload/archive/mainfile/lab/furnace.archive.yaml#/data
  extra: {weight: ${other}}
`;

describe('search metadata of processed archives', () => {
  let server: TestServer;
  let alice: ApiClient;
  let uploadId: string;
  const query = (body: EntriesQueryRequest) =>
    alice.call('entriesQuery', { body: { owner: 'user', ...body } });

  beforeAll(async () => {
    server = await startTestServer();
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    const zip = makeZip({
      'lab/schema.archive.yaml': schema,
      'lab/furnace.archive.yaml': furnace,
      'lab/a.archive.yaml': anneal('first', 300, 900),
      'lab/b.archive.yaml': anneal('second', 900, 5),
      'NaCl.cif': naclCif,
    });
    // Answers once the upload's processing has succeeded.
    ({ uploadId } = await uploadProcessed(alice, 'lab.zip', zip));
  });
  afterAll(async () => server?.close());

  it("lists data's quantities as the custom-quantities filter asks for them", async () => {
    const schemaEntry = generateEntryId(uploadId, 'lab/schema.archive.yaml');
    const response = await query({
      query: { 'quantities:any': ['data', 'nexus'] },
      pagination: { page_size: 0 },
      aggregations: {
        ids: {
          terms: {
            quantity: 'search_quantities.id',
            size: 100,
            entries: {
              size: 1,
              required: { include: ['search_quantities.id', 'search_quantities.float_value'] },
            },
          },
        },
      },
    });
    // Each bucket brings an entry with the item, whose value field tells the quantity's type.
    const temperature = response.aggregations!.ids!.terms!.data.find((bucket) =>
      String(bucket.value).startsWith('data.temperature#'),
    );
    // A bucket's entries are open in the contract.
    const entries = temperature?.entries as { search_quantities: Record<string, unknown>[] }[];
    expect(entries[0]!.search_quantities).toContainEqual({
      id: `data.temperature#entry_id:${schemaEntry}.Anneal`,
      float_value: expect.any(Number),
    });
    // Two anneals and the furnace (its data has no schema); the schema's entry has no data.
    expect(response.pagination.total).toBe(3);
    expect(response.aggregations!.ids!.terms!.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: `data.temperature#entry_id:${schemaEntry}.Anneal`, count: 2 }),
        expect.objectContaining({ value: `data.label#entry_id:${schemaEntry}.Anneal`, count: 2 }),
        expect.objectContaining({ value: `data.extra.weight#entry_id:${schemaEntry}.Anneal`, count: 2 }),
      ]),
    );
  });

  it('matches a custom quantity row within one search quantity, as the filter sends it', async () => {
    const schemaEntry = generateEntryId(uploadId, 'lab/schema.archive.yaml');
    const hot = async (id: string, field: string) =>
      (
        await query({
          query: {
            search_quantities: { id: `${id}#entry_id:${schemaEntry}.Anneal`, [field]: { gte: 800 } },
          },
          required: { include: ['mainfile'] },
        })
      ).data.map((entry) => entry.mainfile);
    // 'first' annealed at 300 K with a weight of 900: only 'second' was hot.
    expect(await hot('data.temperature', 'float_value')).toEqual(['lab/b.archive.yaml']);
    // The schema says float: a whole number is kept a float.
    expect(await hot('data.extra.weight', 'float_value')).toEqual(['lab/a.archive.yaml']);
    expect(await hot('data.extra.weight', 'int_value')).toEqual([]);
    // Data without a definition types itself: a whole number is an int.
    const furnaceEntry = generateEntryId(uploadId, 'lab/furnace.archive.yaml');
    const powerful = await query({
      query: {
        search_quantities: { id: `data.power#entry_id:${furnaceEntry}.data`, int_value: { gte: 800 } },
      },
      required: { include: ['mainfile'] },
    });
    expect(powerful.data.map((entry) => entry.mainfile)).toEqual(['lab/furnace.archive.yaml']);
    const started = await query({
      query: {
        search_quantities: {
          id: `data.started#entry_id:${schemaEntry}.Anneal`,
          datetime_value: { gte: '2025-02-03T08:00:00+00:00' },
        },
      },
      pagination: { page_size: 0 },
    });
    expect(started.pagination.total).toBe(2);
  });

  it('finds entries by section definition, reference target, file and OPTIMADE field', async () => {
    const schemaEntry = generateEntryId(uploadId, 'lab/schema.archive.yaml');
    const mainfiles = async (q: Record<string, unknown>) =>
      (
        await query({ query: q, required: { include: ['mainfile'] }, pagination: { order_by: 'mainfile' } })
      ).data.map((entry) => entry.mainfile);
    expect(
      await mainfiles({ 'section_defs.definition_qualified_name': `entry_id:${schemaEntry}.Anneal` }),
    ).toEqual(['lab/a.archive.yaml', 'lab/b.archive.yaml']);
    expect(
      await mainfiles({
        'entry_references.target_entry_id': generateEntryId(uploadId, 'lab/furnace.archive.yaml'),
      }),
    ).toEqual(['lab/a.archive.yaml', 'lab/b.archive.yaml']);
    expect(await mainfiles({ files: 'lab/schema.archive.yaml' })).toEqual([
      'lab/a.archive.yaml',
      'lab/b.archive.yaml',
      'lab/furnace.archive.yaml',
      'lab/schema.archive.yaml',
    ]);
    expect(await mainfiles({ 'optimade.nelements': 2, 'optimade.elements:all': ['Cl', 'Na'] })).toEqual([
      'NaCl.cif',
    ]);
    expect(await mainfiles({ sections: 'nomad.datamodel.results.Material' })).toEqual(['NaCl.cif']);
  });
});
