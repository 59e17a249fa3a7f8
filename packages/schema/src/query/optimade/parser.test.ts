import { describe, expect, it } from 'vitest';
import { QueryError } from '../query.ts';
import { parseOptimadeFilter } from './parser.ts';
import { tokenize } from './tokens.ts';

const at = expect.any(Object) as unknown;
const prop = (name: string) => ({ type: 'property', name });
const str = (value: string) => ({ type: 'string', value });
const num = (value: number) => ({ type: 'number', value });

const errorOf = (filter: string): QueryError => {
  try {
    parseOptimadeFilter(filter);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error(`${filter} parsed without error`);
};

describe('tokenize', () => {
  it('reads strings with escapes, signed numbers, operators and positions over lines', () => {
    const tokens = tokenize('a.b >= -1.5e3\n AND x = "q\\"u\\\\o\\n"');
    expect(tokens.map((t) => [t.type, t.text, t.line, t.column])).toEqual([
      ['identifier', 'a', 1, 1],
      ['symbol', '.', 1, 2],
      ['identifier', 'b', 1, 3],
      ['operator', '>=', 1, 5],
      ['number', '-1.5e3', 1, 8],
      ['keyword', 'AND', 2, 2],
      ['identifier', 'x', 2, 6],
      ['operator', '=', 2, 8],
      // \" and \\ are unescaped; any other escape keeps its backslash
      ['string', 'q"u\\o\\n', 2, 10],
      ['end', '', 2, 21],
    ]);
  });
});

describe('parseOptimadeFilter', () => {
  it('parses property-first and value-first comparisons with every operator', () => {
    for (const op of ['=', '!=', '<', '<=', '>', '>=']) {
      expect(parseOptimadeFilter(`nelements ${op} 3`)).toEqual({
        kind: 'compare',
        left: prop('nelements'),
        op,
        right: num(3),
        at: { line: 1, column: 1 },
      });
    }
    expect(parseOptimadeFilter('3 < nelements')).toEqual({
      kind: 'compare',
      left: num(3),
      op: '<',
      right: prop('nelements'),
      at,
    });
    expect(parseOptimadeFilter('id="abc"')).toMatchObject({ right: str('abc') });
  });

  it('gives NOT over AND over OR, and parentheses override it', () => {
    const a = { kind: 'compare', left: prop('a'), op: '=', right: num(1), at };
    const b = { kind: 'compare', left: prop('b'), op: '=', right: num(2), at };
    const c = { kind: 'compare', left: prop('c'), op: '=', right: num(3), at };
    expect(parseOptimadeFilter('NOT a=1 AND b=2 OR c=3')).toEqual({
      kind: 'or',
      items: [{ kind: 'and', items: [{ kind: 'not', item: a }, b] }, c],
    });
    expect(parseOptimadeFilter('a=1 OR b=2 AND c=3')).toEqual({
      kind: 'or',
      items: [a, { kind: 'and', items: [b, c] }],
    });
    expect(parseOptimadeFilter('NOT (a=1 OR b=2) AND c=3')).toEqual({
      kind: 'and',
      items: [{ kind: 'not', item: { kind: 'or', items: [a, b] } }, c],
    });
  });

  it('parses HAS, HAS ALL/ANY/ONLY and HAS with an operator', () => {
    expect(parseOptimadeFilter('elements HAS "Fe"')).toEqual({
      kind: 'has',
      property: 'elements',
      mode: 'all',
      values: [str('Fe')],
      at,
    });
    for (const mode of ['ALL', 'ANY', 'ONLY']) {
      expect(parseOptimadeFilter(`elements HAS ${mode} "Na", "Cl"`)).toEqual({
        kind: 'has',
        property: 'elements',
        mode: mode.toLowerCase(),
        values: [str('Na'), str('Cl')],
        at,
      });
    }
    expect(parseOptimadeFilter('elements HAS < "C"')).toMatchObject({ kind: 'has-op', op: '<' });
  });

  it('parses LENGTH in both positions, with = as the default operator', () => {
    const length = { kind: 'length', property: 'elements', op: '=', value: num(3), at };
    expect(parseOptimadeFilter('LENGTH elements 3')).toEqual(length);
    expect(parseOptimadeFilter('LENGTH elements = 3')).toEqual(length);
    expect(parseOptimadeFilter('elements LENGTH 3')).toEqual(length);
    expect(parseOptimadeFilter('elements LENGTH >= 3')).toEqual({ ...length, op: '>=' });
  });

  it('parses CONTAINS, STARTS [WITH], ENDS [WITH] and IS KNOWN/UNKNOWN', () => {
    const text = (op: string) => ({ kind: 'text', property: 'id', op, value: str('x'), at });
    expect(parseOptimadeFilter('id CONTAINS "x"')).toEqual(text('contains'));
    expect(parseOptimadeFilter('id STARTS WITH "x"')).toEqual(text('starts'));
    expect(parseOptimadeFilter('id STARTS "x"')).toEqual(text('starts'));
    expect(parseOptimadeFilter('id ENDS WITH "x"')).toEqual(text('ends'));
    expect(parseOptimadeFilter('id ENDS "x"')).toEqual(text('ends'));
    expect(parseOptimadeFilter('id IS KNOWN')).toEqual({ kind: 'known', property: 'id', known: true, at });
    expect(parseOptimadeFilter('id IS UNKNOWN')).toEqual({ kind: 'known', property: 'id', known: false, at });
  });

  it('keeps dotted property names', () => {
    expect(parseOptimadeFilter('_nmd_x.y = 1')).toMatchObject({ left: prop('_nmd_x.y') });
  });

  it('reports syntax errors with line and column', () => {
    // 'nelements = ' has 12 characters, so the end is column 13
    expect(errorOf('nelements = ').message).toBe(
      'Syntax error at line 1, column 13: Unexpected end-of-input, expected a value (a "string", a number or a property)',
    );
    expect(errorOf('elements HAS ALL "Na",').message).toBe(
      'Syntax error at line 1, column 23: Unexpected end-of-input, expected a value (a "string", a number or a property)',
    );
    expect(errorOf('nelements = 3\nAND (nsites > 2').message).toBe(
      'Syntax error at line 2, column 16: Unexpected end-of-input, expected ")", AND or OR',
    );
    expect(errorOf('nelements = 3 nsites').message).toBe(
      'Syntax error at line 1, column 15: Unexpected nsites, expected AND, OR or the end of the filter',
    );
    expect(errorOf('id = "abc').message).toBe(
      'Syntax error at line 1, column 6: Unterminated string, a closing " is missing',
    );
    expect(errorOf('nelements = 3 and nsites = 1').message).toBe(
      'Syntax error at line 1, column 15: Unexpected and (keywords are upper case: AND), expected AND, OR or the end of the filter',
    );
    expect(errorOf('Elements HAS "Fe"').message).toBe(
      'Syntax error at line 1, column 1: Invalid property name Elements: property names are lower case',
    );
    expect(errorOf('id IS "x"').message).toBe(
      'Syntax error at line 1, column 7: Unexpected "x", expected KNOWN or UNKNOWN',
    );
    expect(errorOf('nelements ~ 3').message).toBe(
      'Syntax error at line 1, column 11: Unexpected character "~"',
    );
    expect(errorOf('').message).toBe(
      'Syntax error at line 1, column 1: Unexpected end-of-input, expected a filter',
    );
    expect(errorOf('a:b HAS "x":"y"').message).toContain('column 2: Unexpected :');
    expect(errorOf('x = ').loc).toEqual(['query', 'optimade_filter']);
  });
});
