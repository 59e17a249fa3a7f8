// GET entries/{id}/definitions: what an editor of a notebook entry needs of its schema, against the real
// server and embedded database.
import type { ApiClient } from '@oasis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEntryId } from '../processing/ids.ts';
import { apiClient, refusalOf, uploadProcessed } from '../testing/http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { makeZip } from '../testing/zip.ts';

const schema = `definitions:
  sections:
    Layer:
      quantities:
        thickness: {type: float, unit: nm, m_annotations: {eln: {component: NumberEditQuantity, defaultDisplayUnit: nm}}}
    OxideLayer:
      base_section: Layer
      quantities:
        oxide: {type: str}
    Sample:
      base_sections: [nomad.datamodel.metainfo.basesections.CompositeSystem, nomad.datamodel.data.EntryData]
      m_annotations: {eln: {hide: [lab_id]}}
      quantities:
        kind: {type: {type_kind: Enum, type_data: [film, bulk]}, m_annotations: {eln: {component: RadioEnumEditQuantity}}}
        best_layer: {type: Layer}
      sub_sections:
        layers: {section: Layer, repeats: true}
`;
const data = `data:
  m_def: ../upload/raw/schema.archive.yaml#Sample
  name: S1
  layers:
    - {thickness: 3}
    - {m_def: ../upload/raw/schema.archive.yaml#OxideLayer, oxide: SiO2}
`;

describe('the definitions of an entry', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let uploadId: string;

  beforeAll(async () => {
    server = await startTestServer();
    alice = apiClient(server, await createUserWithToken(server, 'alice'));
    bob = apiClient(server, await createUserWithToken(server, 'bob'));
    const zip = makeZip({ 'schema.archive.yaml': schema, 'sample.archive.yaml': data });
    // Answers once the upload's processing has succeeded.
    ({ uploadId } = await uploadProcessed(alice, 'eln.zip', zip));
  });
  afterAll(async () => server?.close());

  const definitionsById = (entryId: string, api: ApiClient) =>
    api.call('entryDefinitions', { params: { entry_id: entryId } });
  const definitionsOf = (mainfile: string, api: ApiClient) =>
    definitionsById(generateEntryId(uploadId, mainfile), api);

  it('resolves the data section with inherited quantities, its sub-sections and the m_def the data chooses', async () => {
    const { data: definitions } = await definitionsOf('sample.archive.yaml', alice);
    const sample = definitions.sections[definitions.root]!;
    expect(definitions.root).toBe('schema.archive.yaml#/definitions/section_definitions/2');
    expect(sample.name).toBe('Sample');
    expect(sample.m_annotations).toEqual({ eln: [{ hide: ['lab_id'] }] });
    expect(sample.base_sections).toEqual([
      'nomad.datamodel.metainfo.basesections.CompositeSystem',
      'nomad.datamodel.data.EntryData',
    ]);
    const byName = Object.fromEntries(sample.quantities.map((q) => [q.name, q]));
    // Inherited from the built-in BaseSection, through CompositeSystem and System.
    expect(byName.name?.defined_by).toBe('nomad.datamodel.metainfo.basesections.BaseSection');
    expect(byName.kind).toMatchObject({
      defined_by: definitions.root,
      type: { type_kind: 'Enum', type_data: ['film', 'bulk'] },
      m_annotations: { eln: [{ component: 'RadioEnumEditQuantity' }] },
    });
    // A reference names its target section as search knows it, for the reference picker.
    expect(byName.best_layer).toMatchObject({
      target_section: 'schema.archive.yaml#/definitions/section_definitions/0',
      target_search_name: `entry_id:${generateEntryId(uploadId, 'schema.archive.yaml')}.Layer`,
    });
    const layers = sample.sub_sections.find((sub) => sub.name === 'layers');
    expect(layers).toMatchObject({
      repeats: true,
      section: 'schema.archive.yaml#/definitions/section_definitions/0',
    });
    expect(definitions.sections[layers!.section]?.quantities[0]).toMatchObject({
      name: 'thickness',
      m_annotations: { eln: [{ component: 'NumberEditQuantity', defaultDisplayUnit: 'nm' }] },
    });
    // The oxide layer is listed: the data chooses it for its second layer.
    expect(
      definitions.sections['schema.archive.yaml#/definitions/section_definitions/1']?.base_sections,
    ).toEqual(['schema.archive.yaml#/definitions/section_definitions/0']);
  });

  it("lists a schema file's package: its sections in order, resolved", async () => {
    const { data: definitions } = await definitionsOf('schema.archive.yaml', alice);
    const keys = [0, 1, 2].map((i) => `schema.archive.yaml#/definitions/section_definitions/${i}`);
    expect(definitions.package?.sections).toEqual(keys);
    expect(definitions.root).toBe(keys[0]);
    expect(keys.map((key) => definitions.sections[key]?.name)).toEqual(['Layer', 'OxideLayer', 'Sample']);
  });

  it('is the same 404 for an entry that is not visible and one that does not exist', async () => {
    // Called one at a time: a refusal nobody awaits yet would be reported as unhandled.
    for (const [what, attempt] of [
      ['bob', () => definitionsOf('sample.archive.yaml', bob)],
      ['anonymous', () => definitionsOf('sample.archive.yaml', apiClient(server))],
      ['missing', () => definitionsById('nothing-here', alice)],
      ['long id', () => definitionsById('x'.repeat(300), alice)],
    ] as const)
      expect([what, (await refusalOf(attempt()))[0]]).toEqual([what, 404]);
  });
});
