import { describe, expect, it } from 'vitest';
import { builtinChoices, entryTypesOf, newEntryArchive, newEntryFileName } from './schemaChoices.ts';

describe("'Create from schema' choices", () => {
  it('names the file after the entry, spaces as underscores', () => {
    expect(newEntryFileName(' my first sample ')).toBe('my_first_sample.archive.json');
    expect(newEntryArchive('x.Y', { name: 'from template', m_def: 'ignored' })).toEqual({
      data: { name: 'from template', m_def: 'x.Y' },
    });
  });

  it('lists built-in entry types by category order, then label', () => {
    const choices = builtinChoices();
    expect(choices[0]).toMatchObject({ label: 'Analysis', category: 'BasicElnCategory' });
    expect(choices.at(-1)).toMatchObject({ label: 'Downloads', category: 'ElnIntegrationCategory' });
  });

  it("offers a schema file's sections that inherit EntryData, directly or through its own sections", () => {
    const definitions = {
      section_definitions: [
        { name: 'Base', base_sections: ['nomad.datamodel.data.EntryData'] },
        { name: 'Derived', base_sections: ['#/definitions/section_definitions/0'] },
        { name: 'Part', base_sections: ['nomad.datamodel.metainfo.eln.Process'] },
        {
          name: 'Notes',
          base_sections: ['nomad.datamodel.metainfo.eln.BasicEln'],
          m_annotations: { template: [{ name: 'n' }] },
        },
        { name: 'Loop', base_sections: ['#/definitions/section_definitions/4'] },
      ],
    };
    expect(entryTypesOf(definitions, 'lab/s.archive.yaml', 'e1')).toEqual([
      expect.objectContaining({
        name: 'Base',
        reference: '../upload/raw/lab/s.archive.yaml#/definitions/section_definitions/0',
      }),
      expect.objectContaining({ name: 'Derived' }),
      expect.objectContaining({ name: 'Notes', template: { name: 'n' } }),
    ]);
  });
});
