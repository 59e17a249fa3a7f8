// results.material.material_id for bulk materials, as NOMAD (MatID) computes it: a hash of the
// space group number and the Wyckoff sets (element, letter, atom count) of the canonical
// conventional cell, so every cell of the same crystal gets the same id.
import { nomadHash } from '../ids.ts';
import type { WyckoffSet } from './symmetry.ts';

/** The string NOMAD hashes, e.g. '225 Cl b 4, Na a 4'. */
export function symmetryString(spaceGroupNumber: number, wyckoffSets: readonly WyckoffSet[]): string {
  const sets = wyckoffSets.map((w) => `${w.element} ${w.wyckoff_letter} ${w.indices.length}`).sort();
  return `${spaceGroupNumber} ${sets.join(', ')}`;
}

export function materialIdBulk(spaceGroupNumber: number, wyckoffSets: readonly WyckoffSet[]): string {
  if (wyckoffSets.length === 0) throw new Error('no Wyckoff sets to identify the material by');
  return nomadHash(symmetryString(spaceGroupNumber, wyckoffSets));
}
