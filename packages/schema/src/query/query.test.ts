import { describe, expect, it } from 'vitest';
import { parseQuery, QueryError } from './query.ts';

const known = new Set(['results.material.elements', 'results.material.n_elements', 'entry_id', 'upload_id']);
const options = {
  isQuantity: (name: string) => known.has(name),
  isSection: (name: string) => [...known].some((q) => q.startsWith(`${name}.`)),
};

describe('parseQuery', () => {
  it('treats a missing query as match-all', () => {
    expect(parseQuery(undefined, options)).toEqual({ kind: 'and', items: [] });
  });

  it('reads equality, lists as all, and the suffix form', () => {
    expect(parseQuery({ entry_id: 'a' }, options)).toEqual({
      kind: 'match',
      quantity: 'entry_id',
      op: 'eq',
      values: ['a'],
    });
    expect(parseQuery({ 'results.material.elements': ['Si', 'O'] }, options)).toMatchObject({ op: 'all' });
    expect(parseQuery({ 'results.material.elements:any': ['Si'] }, options)).toMatchObject({ op: 'any' });
  });

  it('reads ranges and combines several operators with and', () => {
    expect(parseQuery({ 'results.material.n_elements': { gte: 2, lt: 4 } }, options)).toEqual({
      kind: 'and',
      items: [
        { kind: 'range', quantity: 'results.material.n_elements', bounds: { gte: 2 } },
        { kind: 'range', quantity: 'results.material.n_elements', bounds: { lt: 4 } },
      ],
    });
  });

  it('reads boolean combinators and nested sections', () => {
    const node = parseQuery(
      {
        or: [{ entry_id: 'a' }, { not: { upload_id: 'b' } }],
        'results.material': { 'elements:none': ['H'] },
      },
      options,
    );
    expect(node).toMatchObject({
      kind: 'and',
      items: [
        { kind: 'or', items: [{ kind: 'match' }, { kind: 'not', item: { quantity: 'upload_id' } }] },
        { kind: 'match', quantity: 'results.material.elements', op: 'none', values: ['H'] },
      ],
    });
  });

  it('names unknown quantities the way NOMAD does', () => {
    expect(() => parseQuery({ 'results.nope': 1 }, options)).toThrow('results.nope is not a doc quantity');
    expect(() => parseQuery({ entry_id: { between: 1 } }, options)).toThrow(QueryError);
  });
});
