import { describe, expect, it } from 'vitest';
import type { SearchQuantity } from '../quantities.ts';
import { FREE_TEXT } from './free-text.ts';
import { SearchIndex } from './search-index.ts';

const quantities: SearchQuantity[] = [
  { name: 'entry_name', type: 'string' },
  { name: 'results.material.elements', type: 'string', list: true },
  { name: 'results.material.n_elements', type: 'number' },
  { name: 'results.method.simulation.program_name', type: 'string' },
  { name: FREE_TEXT, type: 'string', list: true },
];

const decoded = (index: SearchIndex, name: string, row: number) => {
  const { column } = index.quantities.get(name)!;
  return column.values(row).map((stored) => column.decode(stored));
};

describe('SearchIndex.putEntry', () => {
  it('stores an entry again as it was without taking new pool space, and a changed one anew', () => {
    const index = new SearchIndex(quantities);
    const doc = {
      entry_name: 'Fe2O3 relax',
      results: {
        material: { elements: ['Fe', 'O'], n_elements: 2 },
        method: { simulation: { program_name: 'VASP' } },
      },
    };
    index.putEntry('e-1', 'u-1', doc, true);
    index.putEntry('e-2', 'u-1', { ...doc, entry_name: 'other' }, true);
    const elements = index.quantities.get('results.material.elements')!.column;
    const startOf = (row: number) => elements.arrays().starts![row];
    const before = startOf(0);
    index.putEntry('e-1', 'u-1', structuredClone(doc), true);
    expect(startOf(0)).toBe(before);
    expect(decoded(index, 'results.material.elements', 0)).toEqual(['Fe', 'O']);
    expect(decoded(index, FREE_TEXT, 0).sort()).toEqual(['fe2o3', 'relax', 'vasp']);

    // The same values in another order are stored anew; a quantity the new version lacks is cleared.
    index.putEntry(
      'e-1',
      'u-1',
      { entry_name: 'Fe2O3 relax', results: { material: { elements: ['O', 'Fe'] } } },
      true,
    );
    expect(startOf(0)).not.toBe(before);
    expect(decoded(index, 'results.material.elements', 0)).toEqual(['O', 'Fe']);
    expect(decoded(index, 'results.material.n_elements', 0)).toEqual([]);
    expect(decoded(index, 'results.method.simulation.program_name', 0)).toEqual([]);
    expect(decoded(index, FREE_TEXT, 0).sort()).toEqual(['fe2o3', 'relax']);
    expect(decoded(index, 'entry_name', 1)).toEqual(['other']);

    // A single value changed, and one list shortened to one value.
    index.putEntry('e-1', 'u-1', { entry_name: 'renamed', results: { material: { elements: ['O'] } } }, true);
    expect(decoded(index, 'entry_name', 0)).toEqual(['renamed']);
    expect(decoded(index, 'results.material.elements', 0)).toEqual(['O']);
    expect(decoded(index, 'results.material.elements', 1)).toEqual(['Fe', 'O']);
  });
});
