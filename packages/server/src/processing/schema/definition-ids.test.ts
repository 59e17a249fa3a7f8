import { describe, expect, it } from 'vitest';
import { definitionId, sectionDefinitionIds } from './definition-ids.ts';

const film = {
  name: 'Film',
  quantities: [{ name: 'thickness', type: { type_kind: 'numpy', type_data: 'float64' }, unit: 'm' }],
  inner_section_definitions: [{ name: 'Layer', quantities: [{ name: 'material' }] }],
};
const definitions = { name: 'films', section_definitions: [film, { name: 'Furnace' }] };

describe('section definition ids', () => {
  it('gives every section, inner ones included, a 40-digit id at its archive path', () => {
    const ids = sectionDefinitionIds(definitions);
    expect(ids.map((id) => id.path)).toEqual([
      '/definitions/section_definitions/0',
      '/definitions/section_definitions/0/inner_section_definitions/0',
      '/definitions/section_definitions/1',
    ]);
    for (const { definition_id } of ids) expect(definition_id).toMatch(/^[0-9a-f]{40}$/);
    expect(new Set(ids.map((id) => id.definition_id)).size).toBe(3);
  });

  it('depends on the content only: key order does not matter, any change does', () => {
    const reordered = Object.fromEntries(Object.entries(film).reverse());
    expect(definitionId(reordered)).toBe(definitionId(film));
    const changed = { ...film, quantities: [{ ...film.quantities[0], unit: 'nm' }] };
    expect(definitionId(changed)).not.toBe(definitionId(film));
  });

  it('finds nothing in what is no package', () => {
    expect(sectionDefinitionIds(undefined)).toEqual([]);
    expect(sectionDefinitionIds({ section_definitions: 'Film' })).toEqual([]);
  });
});
