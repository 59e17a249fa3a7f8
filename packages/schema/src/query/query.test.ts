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

  it('keeps the criteria on a nested section together, for one item to meet them all', () => {
    const nested = {
      isQuantity: (name: string) => ['search_quantities.id', 'search_quantities.float_value'].includes(name),
      isSection: (name: string) => name === 'search_quantities',
      isNested: (name: string) => name === 'search_quantities',
    };
    expect(parseQuery({ search_quantities: { id: 'data.t#S', float_value: { gte: 300 } } }, nested)).toEqual({
      kind: 'nested',
      section: 'search_quantities',
      item: {
        kind: 'and',
        items: [
          { kind: 'match', quantity: 'search_quantities.id', op: 'eq', values: ['data.t#S'] },
          { kind: 'range', quantity: 'search_quantities.float_value', bounds: { gte: 300 } },
        ],
      },
    });
    // Dotted names are single criteria, each met by any item.
    expect(parseQuery({ 'search_quantities.id': 'data.t#S' }, nested)).toMatchObject({ kind: 'match' });
  });

  it('names unknown quantities the way NOMAD does', () => {
    expect(() => parseQuery({ 'results.nope': 1 }, options)).toThrow('results.nope is not a doc quantity');
    expect(() => parseQuery({ entry_id: { between: 1 } }, options)).toThrow(QueryError);
  });
});

describe('parseQuery with units', () => {
  const gap = 'results.properties.electronic.band_structure_electronic.band_gap.value';
  const withUnits = {
    isQuantity: (name: string) => name === gap || name === 'results.material.n_elements',
    unitOf: (name: string) => (name === gap ? 'joule' : undefined),
  };

  it('converts values with units to the stored SI unit, in both range forms', () => {
    // 1.5 eV * 1.602176634e-19 J/eV = 2.403264951e-19 J
    const node = parseQuery({ [gap]: { gte: '1.5 eV' }, [`${gap}:lt`]: '3000 meV' }, withUnits);
    expect(node).toMatchObject({ kind: 'and', items: [{ kind: 'range' }, { kind: 'range' }] });
    const [low, high] = (node as { items: Array<{ bounds: Record<string, number> }> }).items;
    expect(low!.bounds.gte).toBeCloseTo(2.403264951e-19, 28);
    expect(high!.bounds.lt).toBeCloseTo(4.806529902e-19, 28);
  });

  it('takes numbers and unitless strings as SI and leaves quantities without unit alone', () => {
    expect(parseQuery({ [gap]: { gt: 1e-19 } }, withUnits)).toMatchObject({ bounds: { gt: 1e-19 } });
    expect(parseQuery({ [gap]: { gt: '1e-19' } }, withUnits)).toMatchObject({ bounds: { gt: 1e-19 } });
    expect(parseQuery({ 'results.material.n_elements': '2' }, withUnits)).toMatchObject({ values: ['2'] });
  });

  it('reports a unit of the wrong dimension or an unparsable value as a QueryError', () => {
    expect(() => parseQuery({ [gap]: { gte: '1.5 Å' } }, withUnits)).toThrow(
      `Invalid value for ${gap}: Unit "Å" is incompatible with dimension "energy".`,
    );
    expect(() => parseQuery({ [gap]: { gte: 'wide' } }, withUnits)).toThrow(QueryError);
  });
});
