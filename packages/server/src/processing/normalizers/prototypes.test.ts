import { describe, expect, it } from 'vitest';
import { symmetryString } from './material-id.ts';
import { normalizedWyckoff, prototypeSymmetry } from './prototypes.ts';

describe('normalizedWyckoff', () => {
  it('anonymises species: most frequent first, ties by the earliest letter; divides by the gcd', () => {
    // Fluorite conventional cell: Ca on 4a, F on 8c -> F is X_0.
    const species = [...Array(4).fill('Ca'), ...Array(8).fill('F')];
    const letters = [...Array(4).fill('a'), ...Array(8).fill('c')];
    expect(normalizedWyckoff(species, letters)).toBe('a:X_1=1;c:X_0=2');
    // Rock salt either way round: the species on 4a is X_0.
    expect(normalizedWyckoff(['Na', 'Cl', 'Na', 'Cl'], ['a', 'b', 'a', 'b'])).toBe('a:X_0=1;b:X_1=1');
    expect(normalizedWyckoff(['Na', 'Cl', 'Na', 'Cl'], ['b', 'a', 'b', 'a'])).toBe('a:X_0=1;b:X_1=1');
    expect(() => normalizedWyckoff(['Na'], [])).toThrow(/one Wyckoff letter per atom/);
  });

  it('finds known prototypes and nothing for unknown patterns', () => {
    expect(prototypeSymmetry(227, Array(8).fill('Si'), Array(8).fill('a'))).toEqual({
      structure_name: 'diamond',
      strukturbericht_designation: 'A4',
      prototype_formula: 'C',
      prototype_aflow_id: 'A_cF8_227_a',
    });
    expect(prototypeSymmetry(227, Array(16).fill('Si'), Array(16).fill('c'))).toEqual({});
  });
});

describe('symmetryString', () => {
  it('lists sorted Wyckoff sets after the space group, as NOMAD hashes them', () => {
    expect(
      symmetryString(225, [
        { wyckoff_letter: 'a', indices: [0, 1, 2, 3], element: 'Na' },
        { wyckoff_letter: 'b', indices: [4, 5, 6, 7], element: 'Cl' },
      ]),
    ).toBe('225 Cl b 4, Na a 4');
  });
});
