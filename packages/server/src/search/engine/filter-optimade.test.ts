import { optimadeToQuery, type QueryNode } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../quantities.ts';
import { unlimitedBudget } from './budget.ts';
import { compileFilter } from './filter.ts';
import { SearchIndex } from './search-index.ts';

/** Small search documents: which of them a filter selects is checked on an index holding only them. */
const DOCS: Record<string, unknown> = {
  nacl: {
    entry_id: 'nacl-1',
    results: {
      material: {
        elements: ['Cl', 'Na'],
        n_elements: 2,
        chemical_formula_reduced: 'ClNa',
        chemical_formula_hill: 'ClNa',
      },
      properties: { structures: { structure_original: { n_sites: 8, nperiodic_dimensions: 3 } } },
    },
  },
  fe: {
    entry_id: 'fe-2',
    results: {
      material: { elements: ['Fe'], n_elements: 1, chemical_formula_reduced: 'Fe' },
      properties: { structures: { structure_original: { n_sites: 1, nperiodic_dimensions: 3 } } },
    },
  },
  // A molecule with tricky characters in its formula, and no structure section.
  odd: {
    entry_id: "it's_100%",
    results: {
      material: { elements: ['C', 'H', 'O'], n_elements: 3, chemical_formula_reduced: 'CH2O_%.*' },
    },
  },
  empty: { entry_id: 'empty-4' },
};

describe('compiled OPTIMADE filters on the search index', () => {
  const index = new SearchIndex(entrySearchQuantities);
  for (const [name, doc] of Object.entries(DOCS)) {
    index.putEntry(name, 'upload', doc as Record<string, unknown>, true);
  }

  const selected = async (node: QueryNode): Promise<string[]> => {
    const filter = await compileFilter(index, node, unlimitedBudget());
    const rows = Int32Array.from(Object.keys(DOCS), (name) => index.rowOf.get(name)!);
    const passed = new Set(await filter(rows, unlimitedBudget()));
    return Object.keys(DOCS).filter((name) => passed.has(index.rowOf.get(name)!));
  };
  const filter = (text: string) => selected(optimadeToQuery(text, { quantities: entrySearchQuantities }));

  it('selects by elements, counts and comparisons', async () => {
    expect(await filter('elements HAS ALL "Na","Cl" AND nelements=2')).toEqual(['nacl']);
    expect(await filter('elements HAS "Fe"')).toEqual(['fe']);
    expect(await filter('elements HAS ANY "Fe","O"')).toEqual(['fe', 'odd']);
    expect(await filter('elements HAS ONLY "Na","Cl","K"')).toEqual(['nacl']);
    expect(await filter('LENGTH elements >= 2')).toEqual(['nacl', 'odd']);
    expect(await filter('2 < nelements OR nsites = 1')).toEqual(['fe', 'odd']);
    expect(await filter('NOT elements HAS "Fe"')).toEqual(['nacl', 'odd', 'empty']);
    expect(await filter('NOT nelements = 1')).toEqual(['nacl', 'odd', 'empty']);
    expect(await filter('nelements != 1')).toEqual(['nacl', 'odd']);
    expect(await filter('dimension_types HAS ONLY 1')).toEqual(['nacl', 'fe']);
  });

  it('compares text as plain text: no LIKE or regex meaning', async () => {
    expect(await filter('chemical_formula_reduced CONTAINS "Na"')).toEqual(['nacl']);
    expect(await filter('chemical_formula_reduced STARTS WITH "Cl"')).toEqual(['nacl']);
    expect(await filter('chemical_formula_reduced ENDS "Na"')).toEqual(['nacl']);
    expect(await filter('chemical_formula_reduced CONTAINS "_%.*"')).toEqual(['odd']);
    // As a LIKE pattern '%' would match every formula; as a regex '.*' would too.
    expect(await filter('chemical_formula_reduced CONTAINS "%"')).toEqual(['odd']);
    expect(await filter('chemical_formula_reduced ENDS WITH ".*"')).toEqual(['odd']);
    expect(await filter('id STARTS "it\'s"')).toEqual(['odd']);
    expect(await filter('id CONTAINS "\'; DROP TABLE x; --"')).toEqual([]);
  });

  it('tests whether a quantity is known', async () => {
    expect(await filter('nsites IS KNOWN')).toEqual(['nacl', 'fe']);
    expect(await filter('nsites IS UNKNOWN')).toEqual(['odd', 'empty']);
    expect(await filter('elements IS UNKNOWN')).toEqual(['empty']);
  });
});
