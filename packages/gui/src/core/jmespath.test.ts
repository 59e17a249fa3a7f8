import { describe, expect, it } from 'vitest';
import { compilePath, evaluatePath, INVALID_PATH, PathError } from './jmespath.ts';

const entry = {
  entry_id: 'e1',
  results: { material: { chemical_formula_hill: 'O2Si', topology: [{ label: 'a' }, { label: 'b' }, {}] } },
  authors: [{ name: 'Ada' }, { name: 'Bob' }],
  data: {
    references: [
      { kind: 'doc', uri: 'https://doc' },
      { kind: 'hub', uri: 'https://hub/notebook' },
    ],
    counts: [1, 5, 9],
  },
};

const at = (path: string) => evaluatePath(entry, compilePath(path));

describe('path', () => {
  it('reads fields, indexes and quoted fields', () => {
    expect(at('results.material.chemical_formula_hill')).toBe('O2Si');
    expect(at('authors[0].name')).toBe('Ada');
    expect(at('authors[-1].name')).toBe('Bob');
    expect(at('"entry_id"')).toBe('e1');
    expect(at('results.material.missing.deeper')).toBeUndefined();
  });

  it('takes a field of a list from each element, and projects with [*]', () => {
    expect(at('authors.name')).toEqual(['Ada', 'Bob']);
    expect(at('results.material.topology.label')).toEqual(['a', 'b']);
    expect(at('authors[*].name')).toEqual(['Ada', 'Bob']);
  });

  it('filters lists', () => {
    expect(at("data.references[?kind=='hub'].uri")).toEqual(['https://hub/notebook']);
    expect(at("data.references[?kind!='hub'].uri")).toEqual(['https://doc']);
    expect(at('data.counts[?@ > `2`]')).toEqual([5, 9]);
    expect(at('data.counts[?@ == `1`]')).toEqual([1]);
    expect(at("data.references[?kind=='none'].uri")).toEqual([]);
  });

  it('rejects what it cannot parse with the JMESPath error text', () => {
    for (const path of ['a..b', 'a[', "a[?b=='c'", 'a b', '.a', 'a[x]']) {
      expect(() => compilePath(path), path).toThrow(PathError);
    }
    expect(() => compilePath('a..b')).toThrow(INVALID_PATH);
  });
});
