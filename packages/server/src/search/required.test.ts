import { describe, expect, it } from 'vitest';
import { applyRequired } from './required.ts';

const doc = {
  entry_id: 'e1',
  results: { material: { elements: ['Si'], symmetry: { space_group_number: 227 } } },
  search_quantities: [
    { id: 'data.a#S', definition: 'S.a', float_value: 1.5 },
    { id: 'data.b#S', definition: 'S.b', str_value: 'x' },
  ],
  quantities: ['', 'data'],
};

describe('required include and exclude', () => {
  it('keeps included paths with their sub-trees, wildcards included', () => {
    expect(applyRequired(doc, { include: ['entry_id', 'results.*.symmetry'] })).toEqual({
      entry_id: 'e1',
      results: { material: { symmetry: { space_group_number: 227 } } },
    });
  });

  it('filters lists of sections item by item', () => {
    expect(
      applyRequired(doc, { include: ['search_quantities.id', 'search_quantities.float_value'] }),
    ).toEqual({ search_quantities: [{ id: 'data.a#S', float_value: 1.5 }, { id: 'data.b#S' }] });
    expect(
      applyRequired(doc, { exclude: ['search_quantities.definition', 'quantities', 'results'] }),
    ).toEqual({
      entry_id: 'e1',
      search_quantities: [
        { id: 'data.a#S', float_value: 1.5 },
        { id: 'data.b#S', str_value: 'x' },
      ],
    });
  });

  it('reads a star inside a name, and other regular-expression characters, literally', () => {
    expect(applyRequired(doc, { include: ['* ', 'entry_id', 'results.m*', '(', '[a'] })).toEqual({
      entry_id: 'e1',
    });
    expect(applyRequired(doc, { exclude: ['*?', 'results+', 'quantities'] })).not.toHaveProperty(
      'quantities',
    );
  });
});
