// A canonical choice among the equivalent descriptions of a standardised crystal, following MatID's
// "Wyckoff ground state" (which NOMAD's material ids rely on): among the relabellings produced by
// the Euclidean normaliser, prefer the one that puts the most atoms of the lightest element on the
// first Wyckoff letter, then the next element, then the next letter, until one is left.
import { sub3, type Vec3 } from '@oasis/chem';
import type { AffineMap } from './symmetry-euclidean.ts';
import { distanceToInteger } from './symmetry-math.ts';
import {
  applyOperation,
  FRACTIONAL_TOLERANCE,
  wyckoffLetter,
  type Operation,
  type SpaceGroupSetting,
} from './symmetry-wyckoff.ts';

export interface Relabelling {
  map: AffineMap;
  /** Old Wyckoff letter -> new one. */
  letters: ReadonlyMap<string, string>;
}

/** A point of a Wyckoff position with no accidental extra symmetry. */
const GENERIC: Vec3 = [0.1174, 0.2396, 0.3851];

/** How each normaliser element permutes the Wyckoff letters; one relabelling per distinct permutation. */
export function relabellings(setting: SpaceGroupSetting, normalizer: readonly AffineMap[]): Relabelling[] {
  const seen = new Set<string>();
  const result: Relabelling[] = [];
  for (const map of normalizer) {
    const letters = new Map<string, string>();
    for (const w of setting.wyckoffs) {
      const point: Vec3 = [0, 1, 2].map(
        (i) =>
          w.linear[i]![0] * GENERIC[0] +
          w.linear[i]![1] * GENERIC[1] +
          w.linear[i]![2] * GENERIC[2] +
          w.offset[i]!,
      ) as Vec3;
      letters.set(w.letter, wyckoffLetter(applyOperation(map, point), setting));
    }
    const signature = [...letters.values()].join('');
    if (seen.has(signature)) continue;
    seen.add(signature);
    result.push({ map, letters });
  }
  return result;
}

/** MatID's choice: the relabelling that maximises, in order, the atom counts of (letter, Z) pairs. */
export function chooseRelabelling(
  candidates: readonly Relabelling[],
  atomLetters: readonly string[],
  atomicNumbers: readonly number[],
): Relabelling {
  if (candidates.length === 0) throw new Error('no relabelling to choose from');
  const counted = candidates.map((relabelling) => {
    const counts = new Map<string, number>();
    atomLetters.forEach((letter, i) => {
      const k = `${relabelling.letters.get(letter) ?? letter}|${atomicNumbers[i]}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    });
    return { relabelling, counts };
  });
  const letters = [...new Set(candidates.flatMap((c) => [...c.letters.values()]))].sort();
  const numbers = [...new Set(atomicNumbers)].sort((a, b) => a - b);
  let remaining = counted;
  for (const letter of letters) {
    for (const z of numbers) {
      if (remaining.length === 1) break;
      const k = `${letter}|${z}`;
      const best = Math.max(...remaining.map((r) => r.counts.get(k) ?? 0));
      if (best > 0) remaining = remaining.filter((r) => (r.counts.get(k) ?? 0) === best);
    }
  }
  return remaining[0]!.relabelling;
}

/** Orbit index of every atom (the index of the first atom of its orbit) under the operations. */
export function orbits(
  positions: readonly Vec3[],
  species: readonly string[],
  operations: readonly Operation[],
): number[] {
  const orbit = positions.map(() => -1);
  positions.forEach((p, i) => {
    if (orbit[i] !== -1) return;
    orbit[i] = i;
    for (const op of operations) {
      const image = applyOperation(op, p);
      positions.forEach((q, j) => {
        if (orbit[j] !== -1 || species[j] !== species[i]) return;
        if (sub3(image, q).every((x) => distanceToInteger(x) < FRACTIONAL_TOLERANCE)) orbit[j] = i;
      });
    }
  });
  return orbit;
}
