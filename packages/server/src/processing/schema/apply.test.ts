import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../parsers/archive-schema.ts';
import { applySchema } from './apply.ts';
import { sectionDefinitionIds } from './definition-ids.ts';

const raw = mkdtempSync(join(tmpdir(), 'oasis-schema-'));
afterAll(() => rmSync(raw, { recursive: true, force: true }));
mkdirSync(join(raw, 'schemas'));
writeFileSync(
  join(raw, 'schemas/base.archive.yaml'),
  `definitions:
  sections:
    Layer:
      base_section: nomad.datamodel.metainfo.basesections.CompositeSystem
      quantities:
        thickness: {type: float, unit: nm}
    OxideLayer:
      base_section: '#Layer'
      quantities:
        oxide: {type: str}
`,
);
writeFileSync(join(raw, 'outside.archive.yaml'), 'definitions: {sections: {Secret: {}}}\n');

const logs: string[] = [];
const apply = (archive: JsonObject, mainfile = 'data.archive.yaml') =>
  applySchema(archive, {
    mainfile,
    rawRoot: join(raw, 'schemas', '..'),
    log: (_, event) => logs.push(event),
  });

const sample = {
  definitions: {
    sections: {
      Sample: {
        base_sections: ['nomad.datamodel.data.EntryData'],
        quantities: {
          made: { type: 'Datetime' },
          count: { type: 'np.int32' },
          kind: { type: { type_kind: 'Enum', type_data: ['film', 'bulk'] } },
          matrix: { type: 'np.float64', shape: [2, 2], unit: 'm' },
          length: { type: 'float', unit: 'mm' },
          done: { type: 'bool' },
          inputs: { type: 'Query', m_annotations: { eln: { component: 'QueryEditQuantity' } } },
        },
        sub_sections: {
          layers: { section: '../upload/raw/schemas/base.archive.yaml#Layer', repeats: true },
          notes: { section: { quantities: { text: { type: 'str' } } } },
        },
      },
    },
  },
};

const QUERY_VALUE = {
  owner: 'visible',
  query: { 'results.material.elements': { all: ['Ti'] } },
  pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 100 },
  filters: { 'results.material.elements': ['Ti'] },
};

describe('a schema and its data', () => {
  it('normalizes definitions as NOMAD stores them: lists, typed types, resolved references, inline sections', () => {
    const { definitions } = apply({ definitions: sample.definitions });
    const [section] = (definitions as { section_definitions: JsonObject[] }).section_definitions;
    expect(section).toMatchObject({
      name: 'Sample',
      base_sections: ['nomad.datamodel.data.EntryData'],
      quantities: [
        { name: 'made', type: { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' } },
        { name: 'count', type: { type_kind: 'numpy', type_data: 'int32' } },
        { name: 'kind', type: { type_kind: 'Enum', type_data: ['film', 'bulk'] } },
        { name: 'matrix', shape: [2, 2], unit: 'm' },
        { name: 'length' },
        { name: 'done', type: { type_kind: 'python', type_data: 'bool' } },
        { name: 'inputs', type: { type_kind: 'custom', type_data: 'nomad.datamodel.data.Query' } },
      ],
      sub_sections: [
        {
          name: 'layers',
          sub_section: '../upload/raw/schemas/base.archive.yaml#/definitions/section_definitions/0',
          repeats: true,
        },
        { name: 'notes', sub_section: '#/definitions/section_definitions/0/inner_section_definitions/0' },
      ],
      inner_section_definitions: [{ name: 'Notes', quantities: [{ name: 'text' }] }],
    });
  });

  it('checks and converts data: units into the quantity unit, datetimes in UTC, inherited and polymorphic sections', () => {
    const { data, dataDefinition } = apply({
      ...sample,
      data: {
        m_def: 'Sample',
        made: '2024-03-01T10:00:00+01:00',
        count: 3,
        kind: 'film',
        matrix: [
          [1, 2],
          [3, 4],
        ],
        length: '2 cm',
        done: true,
        inputs: QUERY_VALUE,
        layers: [
          { thickness: 5, name: 'bottom' },
          { m_def: '../upload/raw/schemas/base.archive.yaml#OxideLayer', oxide: 'SiO2', thickness: 2 },
        ],
        notes: { text: 'fine' },
      },
    });
    expect(dataDefinition?.name).toBe('Sample');
    expect(data).toEqual({
      m_def: '#/definitions/section_definitions/0',
      made: '2024-03-01T09:00:00+00:00',
      count: 3,
      kind: 'film',
      matrix: [
        [1, 2],
        [3, 4],
      ],
      length: 20,
      done: true,
      inputs: QUERY_VALUE,
      layers: [
        // `name` comes from the built-in base section (BaseSection, through CompositeSystem).
        { thickness: 5, name: 'bottom' },
        {
          m_def: '../upload/raw/schemas/base.archive.yaml#/definitions/section_definitions/1',
          oxide: 'SiO2',
          thickness: 2,
        },
      ],
      notes: { text: 'fine' },
    });
  });

  it('fails data that does not fit, naming each value and why', () => {
    const failing = () =>
      apply({
        ...sample,
        data: {
          m_def: 'Sample',
          made: 'yesterday',
          count: 2.5,
          kind: 'powder',
          matrix: [[1, 2]],
          length: '3 kg',
          done: 'yes',
          inputs: 'elements:Ti',
          layers: [{ m_def: 'Sample' }],
        },
      });
    expect(failing).toThrow(/data does not fit its definition Sample/);
    const message = (() => {
      try {
        failing();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const expected of [
      `data.made (nomad.metainfo.data_type.Datetime): "yesterday" is not a date and time`,
      'data.count (int32): 2.5 is not an integer',
      'data.kind (Enum): "powder" is not one of the allowed values (film, bulk)',
      'data.matrix (float64): 2 values are expected, not 1',
      'data.length (float): Unit "kg" is incompatible with dimension "length"',
      'data.done (bool): "yes" is not true or false',
      'data.inputs (nomad.datamodel.data.Query): "elements:Ti" is not a query (an object with owner, query and filters)',
      'data.layers[0]: Sample is not a Layer',
    ])
      expect(message).toContain(expected);
  });

  it('leaves out what the definition does not know, with a warning', () => {
    logs.length = 0;
    const { data } = apply({
      ...sample,
      data: { m_def: 'Sample', colour: 'red', notes: { text: 'a', mood: 1 } },
    });
    expect(data).toEqual({ m_def: '#/definitions/section_definitions/0', notes: { text: 'a' } });
    expect(logs).toEqual([
      'data.colour is not defined by the section Sample; it is left out',
      'data.notes.mood is not defined by the section Notes; it is left out',
    ]);
  });

  it('keeps references inside the upload, and reports circles and unknown names', () => {
    expect(() =>
      apply(
        {
          definitions: { sections: { A: { base_section: '../upload/raw/../outside.archive.yaml#Secret' } } },
        },
        'schemas/x.archive.yaml',
      ),
    ).toThrow(/the base section .* cannot be resolved/);
    expect(() =>
      apply({
        definitions: { sections: { A: { base_section: 'B' }, B: { base_section: 'A' } } },
        data: { m_def: 'A' },
      }),
    ).toThrow(/inherits from itself/);
    expect(() => apply({ data: { m_def: 'Nowhere' } })).toThrow(
      "could not resolve the section definition of data (m_def 'Nowhere')",
    );
  });

  it("keeps data of a plugin's section it does not know unchecked, with a warning", () => {
    logs.length = 0;
    const outcome = apply({ data: { m_def: 'myplugin.schema.Thing', anything: 1 } });
    expect(outcome.data).toBeUndefined();
    expect(outcome.dataDefinition).toEqual({ name: 'Thing', qualifiedName: 'myplugin.schema.Thing' });
    expect(logs[0]).toMatch(/myplugin\.schema\.Thing is not known here/);
  });

  it('takes a version hash of a section that is the version its file defines, and names any other', () => {
    const { definitions } = apply({ definitions: sample.definitions });
    const current = sectionDefinitionIds(definitions)[0]!.definition_id;
    const pinned = (version: string) => ({
      ...sample,
      data: { m_def: `#/definitions/section_definitions/0@${version}`, count: 1 },
    });
    expect(apply(pinned(current)).data).toMatchObject({ count: 1 });
    const old = 'a'.repeat(40);
    expect(() => apply(pinned(old))).toThrow(
      `#/definitions/section_definitions/0@${old}: version ${old} of Sample is not the one its file defines now (${current})`,
    );
    expect(() => apply({ data: { m_def: `nomad.datamodel.metainfo.basesections.Entity@${old}` } })).toThrow(
      /a version hash names a user's section, not Entity/,
    );
  });
});
