// The molecules of a GROMACS system as NOMAD's atoms groups: a group per residue name holding a group per
// residue (a new one where the residue number or name changes along the .gro file), so normalisers can
// follow molecules (their radius of gyration).
import type { GroAtom } from './read-gro.ts';

type Section = Record<string, unknown>;

/** More molecules than this are not listed (the groups would outweigh the rest of the archive). */
const MAX_MOLECULES = 20_000;

export function moleculeGroups(atoms: readonly GroAtom[]): Section[] | undefined {
  const molecules: { label: string; indices: number[] }[] = [];
  atoms.forEach((atom, index) => {
    const previous = atoms[index - 1];
    if (!previous || previous.residueNumber !== atom.residueNumber || previous.residue !== atom.residue)
      molecules.push({ label: atom.residue, indices: [] });
    molecules[molecules.length - 1]!.indices.push(index);
  });
  if (molecules.length === 0 || molecules.length > MAX_MOLECULES) return undefined;
  const labels = [...new Set(molecules.map((molecule) => molecule.label))];
  return labels.map((label, index) => {
    const members = molecules.filter((molecule) => molecule.label === label);
    return {
      label: `group_${label}`,
      type: 'molecule_group',
      index,
      is_molecule: false,
      n_atoms: members.reduce((sum, molecule) => sum + molecule.indices.length, 0),
      atoms_group: members.map((molecule, k) => ({
        label,
        type: 'molecule',
        index: k,
        is_molecule: true,
        n_atoms: molecule.indices.length,
        atom_indices: molecule.indices,
      })),
    };
  });
}
