import { describe, expect, it } from 'vitest';
import {
  componentOf,
  itemSection,
  overviewSubSections,
  sectionFields,
  sectionSubSections,
  withField,
  type Definitions,
} from './elnModel.ts';
import { testSection } from './testSections.ts';

const quantity = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  defined_by: 'schema.archive.yaml#/definitions/section_definitions/0',
  type: { type_kind: 'python', type_data: 'str' },
  ...extra,
});
const eln = (annotation: Record<string, unknown>) => ({ m_annotations: { eln: [annotation] } });

describe("a notebook section's editor", () => {
  it('shows annotated quantities, less hidden ones, in the annotation’s order, editable as it says', () => {
    const section = {
      name: 'Sample',
      search_name: 'test',
      base_sections: [],
      sub_sections: [],
      ...eln({ hide: ['secret'], properties: { order: ['c'], editable: { exclude: ['b'] } } }),
      quantities: [
        quantity('a', eln({ component: 'StringEditQuantity' })),
        quantity('b', eln({ component: 'NumberEditQuantity' })),
        quantity('c', eln({ component: 'BoolEditQuantity' })),
        quantity('secret', eln({ component: 'StringEditQuantity' })),
        quantity('unannotated'),
      ],
    };
    expect(sectionFields(section).map((f) => [f.quantity.name, f.component, f.editable])).toEqual([
      ['c', 'BoolEditQuantity', true],
      ['a', 'StringEditQuantity', true],
      ['b', 'NumberEditQuantity', false],
    ]);
  });

  it('edits the quantities of built-in base sections by their type', () => {
    const builtin = (name: string, type: { type_kind: string; type_data: string }) => ({
      name,
      defined_by: 'nomad.datamodel.metainfo.basesections.BaseSection',
      type,
    });
    expect(componentOf(builtin('name', { type_kind: 'python', type_data: 'str' }))).toBe(
      'StringEditQuantity',
    );
    expect(componentOf(builtin('description', { type_kind: 'python', type_data: 'str' }))).toBe(
      'RichTextEditQuantity',
    );
    expect(
      componentOf(
        builtin('datetime', { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' }),
      ),
    ).toBe('DateTimeEditQuantity');
    expect(componentOf(builtin('mass', { type_kind: 'numpy', type_data: 'float64' }))).toBe(
      'NumberEditQuantity',
    );
    expect(componentOf(quantity('plain'))).toBeUndefined();
  });

  it("chooses a sub-section item's section by its m_def, and hides sub-sections the annotation hides", () => {
    const definitions: Definitions = {
      root: 's.yaml#/definitions/section_definitions/0',
      sections: {
        's.yaml#/definitions/section_definitions/0': {
          name: 'Layer',
          search_name: 'test',
          base_sections: [],
          quantities: [],
          sub_sections: [],
        },
        's.yaml#/definitions/section_definitions/1': {
          name: 'OxideLayer',
          search_name: 'test',
          base_sections: ['s.yaml#/definitions/section_definitions/0'],
          quantities: [],
          sub_sections: [],
        },
      },
    };
    const declared = 's.yaml#/definitions/section_definitions/0';
    expect(itemSection(definitions, declared, {}, 'd.yaml')?.name).toBe('Layer');
    expect(
      itemSection(
        definitions,
        declared,
        { m_def: '../upload/raw/s.yaml#/definitions/section_definitions/1' },
        'd.yaml',
      )?.name,
    ).toBe('OxideLayer');
    // The mainfile's own sections are written '#/definitions/...'.
    expect(
      itemSection(definitions, declared, { m_def: '#/definitions/section_definitions/1' }, 's.yaml')?.name,
    ).toBe('OxideLayer');
    const section = {
      name: 'S',
      search_name: 'test',
      base_sections: [],
      quantities: [],
      ...eln({ hide: ['b'] }),
      sub_sections: [
        { name: 'a', repeats: true, section: declared },
        { name: 'b', repeats: false, section: declared },
      ],
    };
    expect(sectionSubSections(section).map((sub) => sub.name)).toEqual(['a']);
  });

  it('puts sub-sections whose section or own annotation says overview on cards of their own', () => {
    const section = testSection;
    const definitions: Definitions = {
      root: 'root',
      sections: {
        root: section('Root', {
          ...eln({ hide: ['hidden'] }),
          sub_sections: [
            { name: 'process', repeats: false, section: 'process' },
            { name: 'notes', repeats: true, section: 'plain' },
            { name: 'flagged', repeats: false, section: 'plain', ...eln({ overview: true }) },
            { name: 'hidden', repeats: false, section: 'process' },
          ],
        }),
        process: section('Process', eln({ overview: true })),
        plain: section('Plain'),
      },
    };
    expect(overviewSubSections(definitions, definitions.sections.root!).map((sub) => sub.name)).toEqual([
      'process',
      'flagged',
    ]);
  });

  it('sets or leaves out one field of a section value without touching the others', () => {
    const value = { a: 1, b: 2 };
    expect(withField(value, 'a', 3)).toEqual({ a: 3, b: 2 });
    expect(withField(value, 'b', undefined)).toEqual({ a: 1 });
    expect(value).toEqual({ a: 1, b: 2 });
  });
});
