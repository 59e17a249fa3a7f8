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

  it('grows the columns a new row needs a step at a time before it is stored (growFor)', () => {
    const index = new SearchIndex(quantities);
    const doc = (i: number) => ({ entry_name: `e ${i}`, results: { material: { n_elements: i } } });
    // 65,536 rows fill the columns exactly (they double from 1,024), as a snapshot's load leaves them.
    for (let i = 0; i < 1 << 16; i++) index.putEntry(`e-${i}`, 'u-1', doc(i), true);
    const lengthOf = (name: string) => index.quantities.get(name)!.column.arrays().single.length;
    expect(lengthOf('entry_name')).toBe(1 << 16);
    let steps = 0;
    while (index.growFor(doc(-1))) steps++;
    expect(steps).toBeGreaterThan(2);
    const grown = lengthOf('entry_name');
    expect(grown).toBeGreaterThan(1 << 16);
    // Columns the row lacks stay as they were.
    expect(lengthOf('results.method.simulation.program_name')).toBe(0);
    index.putEntry('e-new', 'u-1', doc(-1), true);
    expect(lengthOf('entry_name')).toBe(grown);
    expect(decoded(index, 'entry_name', 1 << 16)).toEqual(['e -1']);
  });
});
