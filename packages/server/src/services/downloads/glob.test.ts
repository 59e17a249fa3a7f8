import { describe, expect, it } from 'vitest';
import { globSuffixMatcher } from './glob.ts';

const matches = (glob: string, path: string) => globSuffixMatcher(glob)(path);

describe('globSuffixMatcher', () => {
  it('matches fnmatch wildcards at the end of a path', () => {
    expect(matches('*.txt', 'sub/notes.txt')).toBe(true);
    expect(matches('*.txt', 'sub/notes.txt.gz')).toBe(false);
    expect(matches('vasp*.xml*', 'run/vasprun.xml.gz')).toBe(true);
    expect(matches('KCl.cif', 'sub/KCl.cif')).toBe(true);
    expect(matches('KCl.cif', 'sub/KCl.cif2')).toBe(false);
    expect(matches('?Cl.cif', 'sub/KCl.cif')).toBe(true);
    expect(matches('?Cl.cif', 'NaCl.cif')).toBe(true);
    expect(matches('sub/*', 'sub/deeper/x.txt')).toBe(true);
  });

  it('takes bracket sets, negated sets and ranges; dots and parentheses are plain characters', () => {
    expect(matches('[KN]*.cif', 'KCl.cif')).toBe(true);
    expect(matches('/[!K]*.cif', 'sub/NaCl.cif')).toBe(true);
    expect(matches('/[!K]*.cif', 'sub/KCl.cif')).toBe(false);
    expect(matches('run[0-9].out', 'run7.out')).toBe(true);
    expect(matches('run[0-9].out', 'runx.out')).toBe(false);
    expect(matches('a.b', 'axb')).toBe(false);
    expect(matches('(1).txt', 'f(1).txt')).toBe(true);
    expect(matches('[abc', 'x[abc')).toBe(true);
    expect(matches('[]]', 'x]')).toBe(true);
  });

  it('answers patterns that make backtracking expressions explode at once', () => {
    const glob = `${'*a'.repeat(30)}b`;
    // A backtracking expression would take longer than the test's timeout (exponentially in the stars).
    expect(matches(glob, 'a'.repeat(250))).toBe(false);
  });
});
