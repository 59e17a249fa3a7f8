import { ELEMENT_SYMBOLS } from '@oasis/chem';
import { describe, expect, it } from 'vitest';
import { QueryError, type QueryNode } from '../query.ts';
import { optimadeToQuery } from './translate.ts';

const ELEMENTS = 'results.material.elements';
const N_ELEMENTS = 'results.material.n_elements';
const NPERIODIC = 'results.properties.structures.structure_original.nperiodic_dimensions';
const TRUE: QueryNode = { kind: 'and', items: [] };
const FALSE: QueryNode = { kind: 'or', items: [] };

const messageOf = (filter: string): string => {
  try {
    optimadeToQuery(filter, {
      quantities: [{ name: 'results.method.simulation.program_name', type: 'string' }],
    });
  } catch (error) {
    if (error instanceof QueryError) return error.message;
    throw error;
  }
  throw new Error(`${filter} translated without error`);
};

describe('optimadeToQuery', () => {
  it('maps the OPTIMADE properties to NOMAD search quantities', () => {
    const eq = (filter: string) => (optimadeToQuery(filter) as { quantity: string }).quantity;
    expect(eq('id = "a"')).toBe('entry_id');
    expect(eq('last_modified > "2024-01-01T00:00:00Z"')).toBe('last_processing_time');
    expect(eq('nelements = 2')).toBe(N_ELEMENTS);
    expect(eq('nsites = 2')).toBe('results.properties.structures.structure_original.n_sites');
    expect(eq('nperiodic_dimensions = 3')).toBe(NPERIODIC);
    for (const kind of ['reduced', 'hill', 'anonymous', 'descriptive'])
      expect(eq(`chemical_formula_${kind} = "x"`)).toBe(`results.material.chemical_formula_${kind}`);
  });

  it('translates comparisons, != as not-equal, and value-first comparisons by flipping them', () => {
    expect(optimadeToQuery('nelements = 2')).toEqual({
      kind: 'match',
      quantity: N_ELEMENTS,
      op: 'eq',
      values: [2],
    });
    // Unlike NOT nelements = 2, != is false where nelements is unknown (OPTIMADE's null rule).
    expect(optimadeToQuery('nelements != 2')).toEqual({
      kind: 'and',
      items: [
        { kind: 'exists', quantity: N_ELEMENTS, known: true },
        { kind: 'not', item: { kind: 'match', quantity: N_ELEMENTS, op: 'eq', values: [2] } },
      ],
    });
    expect(optimadeToQuery('nelements <= 2')).toEqual({
      kind: 'range',
      quantity: N_ELEMENTS,
      bounds: { lte: 2 },
    });
    expect(optimadeToQuery('3 < nelements')).toEqual({
      kind: 'range',
      quantity: N_ELEMENTS,
      bounds: { gt: 3 },
    });
    expect(optimadeToQuery('3 >= nelements')).toEqual({
      kind: 'range',
      quantity: N_ELEMENTS,
      bounds: { lte: 3 },
    });
    expect(optimadeToQuery('"NaCl" = chemical_formula_reduced')).toMatchObject({
      op: 'eq',
      values: ['NaCl'],
    });
    expect(optimadeToQuery('1 < 2')).toEqual(TRUE);
    // String constants on both sides: not offered (the spec asks for 501), as mixed types.
    expect(() => optimadeToQuery('"a" = "b"')).toThrow(expect.objectContaining({ reason: 'unsupported' }));
    expect(() => optimadeToQuery('nelements = "two"')).toThrow(
      expect.objectContaining({ reason: 'unsupported' }),
    );
  });

  it("treats another database's properties as unknown: only IS UNKNOWN matches them", () => {
    expect(optimadeToQuery('_exmpl_band_gap < 2')).toEqual(FALSE);
    expect(optimadeToQuery('_exmpl_band_gap IS KNOWN')).toEqual(FALSE);
    expect(optimadeToQuery('_exmpl_band_gap IS UNKNOWN')).toEqual(TRUE);
    expect(optimadeToQuery('_exmpl_tags HAS "x" OR nelements = 2')).toMatchObject({
      kind: 'or',
      items: [FALSE, { kind: 'match', quantity: N_ELEMENTS }],
    });
    // An unknown property of NOMAD's own prefix or without one stays an error.
    expect(() => optimadeToQuery('_nmd_no_such_quantity = 1')).toThrow(/unknown optimade property/);
    expect(() => optimadeToQuery('no_such_property = 1')).toThrow(/unknown optimade property/);
  });

  it('keeps the precedence of NOT, AND and OR', () => {
    expect(optimadeToQuery('NOT nelements = 1 AND nsites = 2 OR id = "x"')).toMatchObject({
      kind: 'or',
      items: [
        { kind: 'and', items: [{ kind: 'not' }, { kind: 'match' }] },
        { kind: 'match', quantity: 'entry_id' },
      ],
    });
  });

  it('translates HAS, HAS ALL, HAS ANY, HAS ONLY and LENGTH on elements', () => {
    expect(optimadeToQuery('elements HAS "Fe"')).toEqual({
      kind: 'match',
      quantity: ELEMENTS,
      op: 'all',
      values: ['Fe'],
    });
    expect(optimadeToQuery('elements HAS ALL "Na","Cl"')).toMatchObject({ op: 'all', values: ['Na', 'Cl'] });
    expect(optimadeToQuery('elements HAS ANY "Na","Cl"')).toMatchObject({ op: 'any', values: ['Na', 'Cl'] });
    // HAS ONLY: every element is one of those given, so none of the other 117 symbols (incl. X) occurs.
    const only = optimadeToQuery('elements HAS ONLY "Na","Cl"');
    expect(only).toEqual({
      kind: 'and',
      items: [
        { kind: 'exists', quantity: ELEMENTS, known: true },
        { kind: 'match', quantity: ELEMENTS, op: 'none', values: expect.any(Array) as unknown },
      ],
    });
    const none = (only as { items: { values: string[] }[] }).items[1]!.values;
    expect(none).toHaveLength(ELEMENT_SYMBOLS.length - 2);
    expect(none).toContain('Fe');
    expect(none).not.toContain('Na');
    expect(optimadeToQuery('LENGTH elements 3')).toEqual({
      kind: 'match',
      quantity: N_ELEMENTS,
      op: 'eq',
      values: [3],
    });
    expect(optimadeToQuery('elements LENGTH > 3')).toEqual({
      kind: 'range',
      quantity: N_ELEMENTS,
      bounds: { gt: 3 },
    });
  });

  it('derives dimension_types from the number of periodic dimensions', () => {
    expect(optimadeToQuery('dimension_types HAS 1')).toEqual({
      kind: 'range',
      quantity: NPERIODIC,
      bounds: { gte: 1 },
    });
    expect(optimadeToQuery('dimension_types HAS 0')).toEqual({
      kind: 'range',
      quantity: NPERIODIC,
      bounds: { lte: 2 },
    });
    expect(optimadeToQuery('dimension_types HAS ONLY 1')).toEqual({
      kind: 'match',
      quantity: NPERIODIC,
      op: 'eq',
      values: [3],
    });
    expect(optimadeToQuery('dimension_types HAS ONLY 0')).toMatchObject({ values: [0] });
    expect(optimadeToQuery('dimension_types HAS ONLY 0, 1')).toEqual({
      kind: 'exists',
      quantity: NPERIODIC,
      known: true,
    });
    expect(optimadeToQuery('dimension_types HAS 2')).toEqual(FALSE);
    expect(optimadeToQuery('LENGTH dimension_types = 2')).toEqual(FALSE);
  });

  it('treats structure_features as the empty list it always is here', () => {
    expect(optimadeToQuery('structure_features HAS "disorder"')).toEqual(FALSE);
    expect(optimadeToQuery('structure_features HAS ONLY "disorder"')).toEqual(TRUE);
    expect(optimadeToQuery('LENGTH structure_features = 0')).toEqual(TRUE);
    expect(optimadeToQuery('structure_features IS UNKNOWN')).toEqual(FALSE);
  });

  it('translates CONTAINS, STARTS, ENDS and IS KNOWN/UNKNOWN', () => {
    expect(optimadeToQuery('chemical_formula_hill CONTAINS "Cl"')).toEqual({
      kind: 'text',
      quantity: 'results.material.chemical_formula_hill',
      op: 'contains',
      value: 'Cl',
    });
    expect(optimadeToQuery('id STARTS WITH "ab"')).toMatchObject({ kind: 'text', op: 'starts' });
    expect(optimadeToQuery('id ENDS "ab"')).toMatchObject({ kind: 'text', op: 'ends' });
    expect(optimadeToQuery('nsites IS KNOWN')).toEqual({
      kind: 'exists',
      quantity: 'results.properties.structures.structure_original.n_sites',
      known: true,
    });
    expect(optimadeToQuery('elements IS UNKNOWN')).toEqual({
      kind: 'exists',
      quantity: ELEMENTS,
      known: false,
    });
  });

  it('resolves _nmd_ properties against the given quantities', () => {
    expect(
      optimadeToQuery('_nmd_results_method_simulation_program_name = "VASP"', {
        quantities: [{ name: 'results.method.simulation.program_name', type: 'string' }],
      }),
    ).toEqual({
      kind: 'match',
      quantity: 'results.method.simulation.program_name',
      op: 'eq',
      values: ['VASP'],
    });
  });

  it('reports semantic errors with line and column', () => {
    expect(messageOf('nelements = 2 AND\n  lattice_vectors IS KNOWN')).toBe(
      'Semantic error at line 2, column 3: optimade property lattice_vectors is not searchable',
    );
    expect(messageOf('band_gap > 1')).toBe(
      'Semantic error at line 1, column 1: unknown optimade property band_gap',
    );
    expect(messageOf('_nmd_nothing = 1')).toBe(
      'Semantic error at line 1, column 1: unknown optimade property _nmd_nothing',
    );
    expect(messageOf('nelements = "two"')).toBe(
      'Semantic error at line 1, column 1: nelements needs a number value, got "two"',
    );
    expect(messageOf('id = 3')).toBe('Semantic error at line 1, column 1: id needs a string value, got 3');
    expect(messageOf('elements = "Fe"')).toBe(
      'Semantic error at line 1, column 1: elements is a list: use HAS, HAS ALL, HAS ANY, HAS ONLY or LENGTH',
    );
    expect(messageOf('nelements HAS 2')).toBe(
      'Semantic error at line 1, column 1: nelements is not a list, HAS needs a list property',
    );
    expect(messageOf('nelements < nsites')).toBe(
      'Semantic error at line 1, column 1: comparing property nelements with property nsites is not supported',
    );
    expect(messageOf('elements HAS < "C"')).toBe(
      'Semantic error at line 1, column 1: HAS with an operator (HAS <) is not supported',
    );
    expect(messageOf('nsites CONTAINS "1"')).toBe(
      'Semantic error at line 1, column 1: CONTAINS needs a string property, nsites is not one',
    );
    expect(messageOf('LENGTH nsites 1')).toBe(
      'Semantic error at line 1, column 1: nsites is not a list, LENGTH needs a list property',
    );
  });
});
