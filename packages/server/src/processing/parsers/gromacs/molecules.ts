// The molecules of a GROMACS system as NOMAD's atoms groups. With a topology whose [ molecules ] covers
// every atom: a group per molecule type ('group_S1P1') holding its molecules, and inside a molecule of
// several residues a group per residue name ('group_ETHOX') holding its residues (monomers). Without one:
// a group per residue name holding a molecule per residue (a new one where the residue number or name
// changes along the .gro file). Normalisers follow the molecules (their radius of gyration).
import type { RunSystem } from '@oasis/schema';
import { compositionOf } from '../../normalizers/formula.ts';
import type { GroAtom } from './read-gro.ts';
import type { Topology } from './topology.ts';

/** A group at any level: deeper levels are the same section (NOMAD nests AtomsGroup in itself). */
type AtomsGroup = NonNullable<RunSystem['atoms_group']>[number];

/** More molecules (or residues) than this are not listed (the groups would outweigh the archive). */
const MAX_MOLECULES = 20_000;
const MAX_RESIDUES = 50_000;

interface Span {
  label: string;
  indices: number[];
}

/** 'C(2)H(4)O(1)': each label with its count, labels sorted. */
function compositionFormula(labels: readonly string[]): string {
  return [...compositionOf(labels)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([label, count]) => `${label}(${count})`)
    .join('');
}

/** Consecutive runs of atoms of one residue (number and name) within `indices`. */
function residuesOf(atoms: readonly GroAtom[], indices: readonly number[]): Span[] {
  const residues: Span[] = [];
  indices.forEach((index, k) => {
    const atom = atoms[index]!;
    const previous = k > 0 ? atoms[indices[k - 1]!] : undefined;
    if (!previous || previous.residueNumber !== atom.residueNumber || previous.residue !== atom.residue)
      residues.push({ label: atom.residue, indices: [] });
    residues[residues.length - 1]!.indices.push(index);
  });
  return residues;
}

/** Spans grouped by label in the order labels first appear. */
function byLabel(spans: readonly Span[]): [string, Span[]][] {
  const groups = new Map<string, Span[]>();
  for (const span of spans) {
    const members = groups.get(span.label);
    if (members) members.push(span);
    else groups.set(span.label, [span]);
  }
  return [...groups];
}

const group = (fields: AtomsGroup, members: Span[], children: AtomsGroup[] | undefined): AtomsGroup => ({
  ...fields,
  n_atoms: members.reduce((sum, member) => sum + member.indices.length, 0),
  atom_indices: members.flatMap((member) => member.indices),
  ...(children && children.length > 0 ? { atoms_group: children } : {}),
});

/** The molecules the topology's [ molecules ] makes of the atoms, or undefined when it does not fit. */
function topologyMolecules(topology: Topology | undefined, atomCount: number): Span[] | undefined {
  if (!topology || topology.molecules.length === 0) return undefined;
  const total = topology.molecules.reduce(
    (sum, { name, count }) => sum + count * (topology.atomsPerMolecule.get(name) ?? Number.NaN),
    0,
  );
  const count = topology.molecules.reduce((sum, molecule) => sum + molecule.count, 0);
  if (total !== atomCount || count > MAX_MOLECULES) return undefined;
  const molecules: Span[] = [];
  let offset = 0;
  for (const { name, count: copies } of topology.molecules) {
    const size = topology.atomsPerMolecule.get(name)!;
    for (let k = 0; k < copies; k += 1) {
      molecules.push({ label: name, indices: Array.from({ length: size }, (_, i) => offset + i) });
      offset += size;
    }
  }
  return molecules;
}

export function moleculeGroups(
  atoms: readonly GroAtom[],
  species: readonly string[],
  topology?: Topology,
): AtomsGroup[] | undefined {
  const fromTopology = topologyMolecules(topology, atoms.length);
  const molecules =
    fromTopology ??
    residuesOf(
      atoms,
      atoms.map((_, i) => i),
    );
  if (molecules.length === 0 || molecules.length > MAX_MOLECULES) return undefined;
  let residuesListed = 0;
  return byLabel(molecules).map(([label, members], index) =>
    group(
      {
        label: `group_${label}`,
        type: 'molecule_group',
        index,
        composition_formula: `${label}(${members.length})`,
        is_molecule: false,
      },
      members,
      members.map((molecule, k) => {
        const residues = fromTopology ? residuesOf(atoms, molecule.indices) : [];
        const monomers = residues.length > 1 && (residuesListed += residues.length) <= MAX_RESIDUES;
        return group(
          {
            label,
            type: 'molecule',
            index: k,
            composition_formula: fromTopology
              ? compositionFormula(residues.map((residue) => residue.label))
              : compositionFormula(molecule.indices.map((i) => species[i]!)),
            is_molecule: true,
          },
          [molecule],
          monomers
            ? byLabel(residues).map(([residue, spans], r) =>
                group(
                  {
                    label: `group_${residue}`,
                    type: 'monomer_group',
                    index: r,
                    composition_formula: `${residue}(${spans.length})`,
                    is_molecule: false,
                  },
                  spans,
                  spans.map((span, m) =>
                    group(
                      {
                        label: residue,
                        type: 'monomer',
                        index: m,
                        composition_formula: compositionFormula(span.indices.map((i) => species[i]!)),
                        is_molecule: false,
                      },
                      [span],
                      undefined,
                    ),
                  ),
                ),
              )
            : undefined,
        );
      }),
    ),
  );
}

/** The atoms of every molecule of type `name`: by the topology, else by residue name in the .gro file. */
export function atomsOfMoleculeType(
  atoms: readonly GroAtom[],
  name: string,
  topology?: Topology,
): number[] | undefined {
  const molecules = topologyMolecules(topology, atoms.length);
  const indices = molecules
    ? molecules.filter((molecule) => molecule.label === name).flatMap((molecule) => molecule.indices)
    : atoms.flatMap((atom, index) => (atom.residue === name ? [index] : []));
  return indices.length > 0 ? indices : undefined;
}
