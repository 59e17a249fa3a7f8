import { describe, expect, it } from 'vitest';
import { draftSection, withSectionAt } from './draftPath.ts';
import type { Definitions, SectionDefinition } from './elnModel.ts';

const quantity = (name: string) => ({
  name,
  defined_by: 'x',
  type: { type_kind: 'python', type_data: 'str' },
});
const section = (name: string, sub_sections: SectionDefinition['sub_sections'] = []): SectionDefinition => ({
  name,
  search_name: name,
  base_sections: [],
  quantities: [quantity('name')],
  sub_sections,
});

const definitions: Definitions = {
  root: 'f#/s/0',
  sections: {
    'f#/s/0': section('Sample', [
      { name: 'layers', section: 'f#/s/1', repeats: true },
      { name: 'substrate', section: 'f#/s/1', repeats: false },
    ]),
    'f#/s/1': section('Layer'),
    'f#/s/2': section('OxideLayer'),
  },
};
const root = definitions.sections['f#/s/0']!;
const draft = {
  name: 'S-1',
  layers: [{ name: 'a' }, { m_def: '#/s/2', name: 'b' }],
  substrate: { name: 'glass' },
};

describe('sections of a notebook draft by archive path', () => {
  it('finds the data, a repeated item (its m_def chosen) and a single sub-section', () => {
    expect(draftSection(definitions, root, draft, '/data', 'f')).toMatchObject({ value: draft, steps: [] });
    expect(draftSection(definitions, root, draft, '/data/layers/1', 'f')).toMatchObject({
      section: { name: 'OxideLayer' },
      value: { name: 'b' },
      steps: ['layers', 1],
    });
    expect(draftSection(definitions, root, draft, '/data/substrate', 'f')?.section.name).toBe('Layer');
  });

  it('finds nothing outside the data or where the draft holds no section', () => {
    expect(draftSection(definitions, root, draft, '/metadata', 'f')).toBeUndefined();
    expect(draftSection(definitions, root, draft, '/data/layers/5', 'f')).toBeUndefined();
    expect(draftSection(definitions, root, draft, '/data/unknown', 'f')).toBeUndefined();
    expect(draftSection(definitions, root, draft, '/data/layers/x', 'f')).toBeUndefined();
  });

  it('replaces a section deep in the draft, leaving the rest as it was', () => {
    const next = withSectionAt(draft, ['layers', 1], { m_def: '#/s/2', name: 'c' });
    expect(next.layers).toEqual([{ name: 'a' }, { m_def: '#/s/2', name: 'c' }]);
    expect(next.substrate).toBe(draft.substrate);
    expect(draft.layers[1]!.name).toBe('b');
    expect(withSectionAt(draft, [], { name: 'new' })).toEqual({ name: 'new' });
    expect(withSectionAt(draft, ['substrate'], { name: 'silicon' }).substrate).toEqual({ name: 'silicon' });
  });
});
