// Common structure prototypes (AFLOW prototype library) recognised by space group and normalised
// Wyckoff occupation, the way NOMAD matches its AFLOW table: species are anonymised (X_0 the most
// frequent, ties broken by occupation of the earliest Wyckoff letter) and counts divided by their
// greatest common divisor. Names are those of NOMAD's structure_name enumeration.
import { atomicNumber } from '@oasis/chem';
import { gcd } from './formula.ts';
import type { MaterialSymmetry } from './symmetry.ts';

interface Prototype {
  spaceGroupNumber: number;
  /** Normalised Wyckoff occupation (see normalizedWyckoff), e.g. 'a:X_0=1;b:X_1=1'. */
  wyckoff: string;
  aflowId: string;
  strukturbericht: string;
  /** NOMAD's structure_name; NOMAD names only some prototypes (not CsCl or fluorite). */
  name?: MaterialSymmetry['structure_name'];
  formula: string;
}

// prettier-ignore
const PROTOTYPES: readonly Prototype[] = [
  { spaceGroupNumber: 225, wyckoff: 'a:X_0=1', aflowId: 'A_cF4_225_a', strukturbericht: 'A1', name: 'fcc', formula: 'Cu' },
  { spaceGroupNumber: 229, wyckoff: 'a:X_0=1', aflowId: 'A_cI2_229_a', strukturbericht: 'A2', name: 'bcc', formula: 'W' },
  { spaceGroupNumber: 194, wyckoff: 'c:X_0=1', aflowId: 'A_hP2_194_c', strukturbericht: 'A3', name: 'hcp', formula: 'Mg' },
  { spaceGroupNumber: 227, wyckoff: 'a:X_0=1', aflowId: 'A_cF8_227_a', strukturbericht: 'A4', name: 'diamond', formula: 'C' },
  { spaceGroupNumber: 221, wyckoff: 'a:X_0=1', aflowId: 'A_cP1_221_a', strukturbericht: 'Ah', name: 'simple cubic', formula: 'Po' },
  { spaceGroupNumber: 225, wyckoff: 'a:X_0=1;b:X_1=1', aflowId: 'AB_cF8_225_a_b', strukturbericht: 'B1', name: 'rock salt', formula: 'NaCl' },
  { spaceGroupNumber: 221, wyckoff: 'a:X_0=1;b:X_1=1', aflowId: 'AB_cP2_221_b_a', strukturbericht: 'B2', formula: 'CsCl' },
  { spaceGroupNumber: 216, wyckoff: 'a:X_0=1;c:X_1=1', aflowId: 'AB_cF8_216_c_a', strukturbericht: 'B3', name: 'zincblende', formula: 'ZnS' },
  { spaceGroupNumber: 186, wyckoff: 'b:X_0=1,X_1=1', aflowId: 'AB_hP4_186_b_b', strukturbericht: 'B4', name: 'wurtzite', formula: 'ZnS' },
  { spaceGroupNumber: 225, wyckoff: 'a:X_1=1;c:X_0=2', aflowId: 'AB2_cF12_225_a_c', strukturbericht: 'C1', formula: 'CaF2' },
  // Cubic perovskite ABO3: the lighter cation takes 1a, so O sits on 3c (A site at 1a, as in
  // CaTiO3) or on 3d (B site at 1a, as in SrTiO3).
  { spaceGroupNumber: 221, wyckoff: 'a:X_1=1;b:X_2=1;c:X_0=3', aflowId: 'AB3C_cP5_221_a_c_b', strukturbericht: 'E21', name: 'perovskite', formula: 'CaTiO3' },
  { spaceGroupNumber: 221, wyckoff: 'a:X_1=1;b:X_2=1;d:X_0=3', aflowId: 'AB3C_cP5_221_a_c_b', strukturbericht: 'E21', name: 'perovskite', formula: 'CaTiO3' },
];

/**
 * NOMAD's normalised Wyckoff occupation of a conventional cell as a canonical string:
 * 'letter:X_i=count,X_j=count;letter:...', letters sorted, counts divided by their gcd.
 */
export function normalizedWyckoff(species: readonly string[], letters: readonly string[]): string {
  if (species.length !== letters.length) throw new Error('one Wyckoff letter per atom is needed');
  const numbers = species.map((s) => atomicNumber(s) ?? 0);
  const total = new Map<number, number>();
  const byLetter = new Map<string, Map<number, number>>();
  numbers.forEach((z, i) => {
    total.set(z, (total.get(z) ?? 0) + 1);
    const letter = letters[i]!;
    const counts = byLetter.get(letter) ?? new Map<number, number>();
    counts.set(z, (counts.get(z) ?? 0) + 1);
    byLetter.set(letter, counts);
  });
  const sortedLetters = [...byLetter.keys()].sort();
  // More atoms first; ties broken by more atoms on the earliest letter (a stable sort keeps order).
  const order = [...total.keys()].sort((a, b) => {
    const c = total.get(b)! - total.get(a)!;
    if (c !== 0) return c;
    for (const letter of sortedLetters) {
      const d = (byLetter.get(letter)!.get(b) ?? 0) - (byLetter.get(letter)!.get(a) ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  const divisor = [...byLetter.values()].flatMap((m) => [...m.values()]).reduce(gcd);
  return sortedLetters
    .map((letter) => {
      const entries = [...byLetter.get(letter)!.entries()]
        .map(([z, n]) => [order.indexOf(z), n / divisor] as const)
        .sort((x, y) => x[0] - y[0])
        .map(([i, n]) => `X_${i}=${n}`);
      return `${letter}:${entries.join(',')}`;
    })
    .join(';');
}

/** Prototype fields of results.material.symmetry for a known structure type, else {}. */
export function prototypeSymmetry(
  spaceGroupNumber: number,
  species: readonly string[],
  letters: readonly string[],
): Pick<
  MaterialSymmetry,
  'structure_name' | 'strukturbericht_designation' | 'prototype_formula' | 'prototype_aflow_id'
> {
  const wyckoff = normalizedWyckoff(species, letters);
  const match = PROTOTYPES.find((p) => p.spaceGroupNumber === spaceGroupNumber && p.wyckoff === wyckoff);
  if (!match) return {};
  return {
    ...(match.name ? { structure_name: match.name } : {}),
    strukturbericht_designation: match.strukturbericht,
    prototype_formula: match.formula,
    prototype_aflow_id: match.aflowId,
  };
}
