import { describe, expect, it } from 'vitest';
import { MAX_FILTER_DEPTH, MAX_QUERY_DEPTH, nestedDeeperThan } from './limits.ts';
import { parseOptimadeFilter } from './optimade/parser.ts';
import { parseQuery, QueryError } from './query.ts';

const options = {
  isQuantity: (name: string) => ['entry_id', 'results.material.elements', 'band_gap'].includes(name),
  isSection: (name: string) => name === 'results' || name === 'results.material',
  unitOf: (name: string) => (name === 'band_gap' ? 'joule' : undefined),
};

/** `{not: {not: ... leaf}}` built in a loop: recursion is what is being tested. */
const nots = (depth: number, leaf: unknown = { entry_id: 'x' }) => {
  let query = leaf;
  for (let i = 0; i < depth; i++) query = { not: query };
  return query;
};

const errorOf = (parse: () => unknown): QueryError => {
  try {
    parse();
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error('parsed without error');
};

describe('nestedDeeperThan', () => {
  it('measures a million levels without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`) as unknown;
    expect(nestedDeeperThan(deep, 256)).toBe(true);
    expect(nestedDeeperThan(deep, 256, false)).toBe(false);
    expect(nestedDeeperThan(nots(100_000), 100)).toBe(true);
  });

  it('counts objects (and arrays) per level, scalars not', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan({ and: [{ and: [{ x: 1 }] }] }, 3, false)).toBe(false);
    expect(nestedDeeperThan({ and: [{ and: [{ x: 1 }] }] }, 3)).toBe(true);
  });
});

describe('query limits', () => {
  it(`parses ${MAX_QUERY_DEPTH} levels and refuses more before recursing`, () => {
    expect(parseQuery(nots(MAX_QUERY_DEPTH - 1), options).kind).toBe('not');
    expect(errorOf(() => parseQuery(nots(MAX_QUERY_DEPTH), options)).message).toBe(
      'The query is nested more than 100 levels deep (and, or, not, sections); at most 100 are allowed.',
    );
    expect(errorOf(() => parseQuery(nots(100_000), options)).message).toContain('at most 100');
  });

  it('refuses more than 10,000 values in one criterion and long values with units', () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => `id${i}`);
    expect(errorOf(() => parseQuery({ 'entry_id:any': ids }, options)).message).toBe(
      'entry_id is given 10001 values; at most 10000 are allowed per criterion.',
    );
    expect(parseQuery({ 'entry_id:any': ids.slice(1) }, options).kind).toBe('match');
    expect(errorOf(() => parseQuery({ band_gap: `1${' '.repeat(300)}eV` }, options)).message).toContain(
      'at most 256 characters',
    );
  });
});

describe('OPTIMADE filter limits', () => {
  it(`parses ${MAX_FILTER_DEPTH} NOT and parenthesis levels and refuses more`, () => {
    expect(parseOptimadeFilter(`${'NOT '.repeat(MAX_FILTER_DEPTH)}nelements=1`).kind).toBe('not');
    for (const filter of [
      `${'NOT '.repeat(MAX_FILTER_DEPTH + 1)}nelements=1`,
      `${'('.repeat(MAX_FILTER_DEPTH + 1)}nelements=1${')'.repeat(MAX_FILTER_DEPTH + 1)}`,
      `${'NOT ('.repeat(60)}nelements=1${')'.repeat(60)}`,
    ]) {
      const error = errorOf(() => parseOptimadeFilter(filter));
      expect(error.message).toContain('nested more than 100 levels deep (NOT and parentheses)');
      expect(error.loc).toEqual(['query', 'optimade_filter']);
    }
  });

  it('refuses filters longer than 10,000 characters, as NOT x 10,000', () => {
    expect(errorOf(() => parseOptimadeFilter(`${'NOT '.repeat(10_000)}nelements=1`)).message).toBe(
      'The OPTIMADE filter has 40011 characters; at most 10000 are allowed.',
    );
  });
});
