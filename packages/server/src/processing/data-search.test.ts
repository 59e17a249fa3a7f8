import { describe, expect, it } from 'vitest';
import { dataSearch } from './data-search.ts';
import { generateEntryId } from './ids.ts';
import type { DataDefinition } from './parsers/archive-schema.ts';
import { SchemaResolver } from './schema/resolve.ts';
import { SchemaFiles } from './schema/schema-files.ts';

const schemaRoot = {
  definitions: {
    sections: {
      Sample: {
        quantities: {
          name: { type: 'str' },
          made: { type: 'Datetime' },
          thickness: { type: 'np.float64', unit: 'nm' },
          layers: { type: 'int' },
          annealed: { type: 'bool' },
          kind: { type: { type_kind: 'Enum', type_data: ['film', 'bulk'] } },
          instrument: { type: '../upload/raw/instrument.archive.yaml#Instrument' },
        },
        sub_sections: { steps: { section: '#/definitions/sections/Step', repeats: true } },
      },
      Step: { quantities: { temperature: { type: 'float' } } },
    },
  },
};
// The schema file is given as read already: its paths are resolved without touching the disk.
const schemaFile = 'schemas/sample.schema.archive.yaml';
const resolver = new SchemaResolver(
  new SchemaFiles((path) => (path === schemaFile ? schemaRoot : undefined)),
);
const definition: DataDefinition = { name: 'Sample', section: resolver.fromMDef('Sample', schemaFile)! };
const schemaEntry = generateEntryId('u1', 'schemas/sample.schema.archive.yaml');

describe('data search quantities', () => {
  const { rootQualified, searchQuantities, references } = dataSearch(
    {
      m_def: '../upload/raw/schemas/sample.schema.archive.yaml#Sample',
      name: 'S-12',
      made: '2024-03-01T10:00:00+01:00',
      thickness: 120,
      layers: 3,
      annealed: false,
      kind: 'film',
      tags: ['a', 'b'],
      instrument: '../upload/archive/mainfile/instruments/furnace.archive.yaml#/data',
      steps: [{ temperature: 300.5 }, { temperature: 420 }],
    },
    { entryId: 'e1', uploadId: 'u1', definition },
  );

  it('names every scalar by its path and the data section, typed by the schema', () => {
    expect(rootQualified).toBe(`entry_id:${schemaEntry}.Sample`);
    const byPath = Object.fromEntries(searchQuantities.map((q) => [q.path_archive, q]));
    expect(byPath['data.name']).toEqual({
      id: `data.name#entry_id:${schemaEntry}.Sample`,
      definition: `entry_id:${schemaEntry}.Sample.name`,
      path_archive: 'data.name',
      str_value: 'S-12',
    });
    expect(byPath['data.made']?.datetime_value).toBe('2024-03-01T09:00:00.000Z');
    // A float quantity keeps a whole-number value as a float.
    expect(byPath['data.thickness']?.float_value).toBe(120);
    expect(byPath['data.layers']?.int_value).toBe(3);
    expect(byPath['data.annealed']?.bool_value).toBe(false);
    expect(byPath['data.kind']?.str_value).toBe('film');
    // Lists are not search quantities; references are entry references instead.
    expect(byPath['data.tags']).toBeUndefined();
    expect(byPath['data.instrument']).toBeUndefined();
  });

  it('follows sub-sections into their own definitions, one value per repeated section', () => {
    const steps = searchQuantities.filter((q) => q.path_archive === 'data.steps.temperature');
    expect(steps.map((q) => q.float_value)).toEqual([300.5, 420]);
    expect(steps[0]).toMatchObject({
      id: `data.steps.temperature#entry_id:${schemaEntry}.Sample`,
      definition: `entry_id:${schemaEntry}.Step.temperature`,
    });
  });

  it('records references to other entries with their target entry', () => {
    expect(references).toEqual([
      {
        target_reference: '../upload/archive/mainfile/instruments/furnace.archive.yaml#/data',
        target_upload_id: 'u1',
        target_mainfile: 'instruments/furnace.archive.yaml',
        target_entry_id: generateEntryId('u1', 'instruments/furnace.archive.yaml'),
        target_path: '/data',
        target_name: 'data',
        source_name: 'instrument',
        source_path: 'data.instrument',
        source_quantity: `entry_id:${schemaEntry}.Sample.instrument`,
      },
    ]);
  });

  it('types values by themselves when the schema is unknown', () => {
    const unknown = dataSearch(
      { count: 2, ratio: 0.5, label: 'x', ok: true },
      { entryId: 'e9', uploadId: 'u1' },
    );
    expect(unknown.rootQualified).toBe('entry_id:e9.data');
    expect(unknown.searchQuantities.map((q) => [q.path_archive, Object.keys(q).at(-1)])).toEqual([
      ['data.count', 'int_value'],
      ['data.ratio', 'float_value'],
      ['data.label', 'str_value'],
      ['data.ok', 'bool_value'],
    ]);
  });

  it('drops values that do not fit their declared type', () => {
    const { searchQuantities: typed } = dataSearch(
      { layers: 'three', made: 'yesterday', name: 7 },
      { entryId: 'e1', uploadId: 'u1', definition },
    );
    // A number where text is declared is still text; the others cannot be stored as declared.
    expect(typed.map((q) => [q.path_archive, q.str_value])).toEqual([['data.name', '7']]);
  });
});
