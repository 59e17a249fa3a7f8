// phonopy's FORCE_SETS (type I): the number of supercell atoms and of displacements, then per displacement
// the displaced atom (1-based, phonopy's supercell order), its displacement (Å) and the force on every atom
// (the calculator's units: eV/Å for VASP).
import type { Vec3 } from '@oasis/chem';

export interface ForceSet {
  /** 0-based, phonopy's supercell order. */
  atom: number;
  displacement: Vec3;
  forces: Vec3[];
}

const MAX_DISPLACEMENTS = 500;

export function readForceSets(text: string, nAtoms: number): ForceSet[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
  let at = 0;
  const numbers = (count: number, what: string): number[] => {
    const line = lines[at++];
    const values = line?.split(/\s+/).map(Number) ?? [];
    if (values.length < count || values.slice(0, count).some((x) => !Number.isFinite(x)))
      throw new Error(`FORCE_SETS: expected ${what}, found '${line ?? 'the end of the file'}'`);
    return values.slice(0, count);
  };
  const [atoms] = numbers(1, 'the number of atoms');
  if (lines[0]!.split(/\s+/).length !== 1)
    throw new Error('FORCE_SETS of type II (random displacements, no header) is not read');
  if (atoms !== nAtoms) throw new Error(`FORCE_SETS is for ${atoms} atoms, the supercell has ${nAtoms}`);
  const [count] = numbers(1, 'the number of displacements');
  if (!Number.isInteger(count) || count! < 1 || count! > MAX_DISPLACEMENTS)
    throw new Error(`FORCE_SETS: ${count} displacements (1 to ${MAX_DISPLACEMENTS} are read)`);
  return Array.from({ length: count! }, (_, n) => {
    const [atom] = numbers(1, `the displaced atom of displacement ${n + 1}`);
    if (!Number.isInteger(atom) || atom! < 1 || atom! > nAtoms)
      throw new Error(`FORCE_SETS: displacement ${n + 1} moves atom ${atom}, not one of 1 to ${nAtoms}`);
    const displacement = numbers(3, `the displacement ${n + 1}`) as Vec3;
    const forces = Array.from(
      { length: nAtoms },
      (_, i) => numbers(3, `force ${i + 1} of displacement ${n + 1}`) as Vec3,
    );
    return { atom: atom! - 1, displacement, forces };
  });
}
