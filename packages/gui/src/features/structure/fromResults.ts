// The structures of an entry's results (SI units) as the viewer draws them (Å), and its topology as a
// tree whose nodes know their atoms: their own (NOMAD's Atoms), the original structure for the root
// (whose atoms_ref points into the run, which the viewer does not fetch), or the atoms of their
// parent at their indices (groups and parts).
import { ANGSTROM, type Mat3, type Vec3 } from '@oasis/chem';
import type { ResultsMaterial, ResultsStructure, ResultsStructures } from '@oasis/schema';
import type { ViewerStructure } from './types.ts';

type TopologySystem = NonNullable<ResultsMaterial['topology']>[number];

function vectors(value: unknown): Vec3[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Vec3[] = [];
  for (const v of value) {
    if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      return undefined;
    }
    out.push([v[0] / ANGSTROM, v[1] / ANGSTROM, v[2] / ANGSTROM]);
  }
  return out;
}

/** A results structure as drawn; undefined when its sites are missing or inconsistent. */
export function viewerStructure(structure: ResultsStructure | undefined): ViewerStructure | undefined {
  if (!structure) return undefined;
  const positions = vectors(structure.cartesian_site_positions);
  const species = structure.species_at_sites;
  if (!positions || !Array.isArray(species) || species.length !== positions.length) return undefined;
  const rows = vectors(structure.lattice_vectors);
  const lattice = rows?.length === 3 ? (rows as Mat3) : null;
  const dims = structure.dimension_types;
  const periodic = (
    lattice ? [0, 1, 2].map((k) => (Array.isArray(dims) ? dims[k] === 1 : true)) : [false, false, false]
  ) as [boolean, boolean, boolean];
  return { species: [...species], positions, lattice, periodic };
}

export interface TopologyNode {
  /** The system's archive path (its system_id), e.g. results/material/topology/0. */
  path: string;
  label: string;
  structuralType: string | undefined;
  nAtoms: number | undefined;
  /** The atoms of this system, when the results hold them. */
  structure: ViewerStructure | undefined;
  /** For groups and parts: the parent system's atoms and which of them belong to this one. */
  parent?: { structure: ViewerStructure; indices: number[] };
  children: TopologyNode[];
}

type SystemAtoms = NonNullable<TopologySystem['atoms']>;

/** NOMAD's Atoms (labels, positions, lattice_vectors, periodic; SI) as drawn. */
function atomsStructure(atoms: SystemAtoms | undefined): ViewerStructure | undefined {
  if (!atoms) return undefined;
  const positions = vectors(atoms.positions);
  const labels = atoms.labels;
  if (!positions || !Array.isArray(labels) || labels.length !== positions.length) return undefined;
  const rows = vectors(atoms.lattice_vectors);
  const lattice = rows?.length === 3 ? (rows as Mat3) : null;
  const periodic = (
    lattice ? [0, 1, 2].map((k) => atoms.periodic?.[k] !== false) : [false, false, false]
  ) as [boolean, boolean, boolean];
  return { species: [...labels], positions, lattice, periodic };
}

/** Whether a system is the entry's original one (the root of the topology). */
export function isOriginal(system: TopologySystem): boolean {
  return system.system_relation?.type === 'root' || (!system.parent_system && system.label === 'original');
}

function ownStructure(
  system: TopologySystem,
  structures: ResultsStructures | undefined,
): ViewerStructure | undefined {
  return (
    atomsStructure(system.atoms) ??
    (isOriginal(system) ? viewerStructure(structures?.structure_original) : undefined)
  );
}

/** The topology as a forest (roots are systems without a parent), in the order of the archive. */
export function topologyTree(
  topology: readonly TopologySystem[] | undefined,
  structures: ResultsStructures | undefined,
): TopologyNode[] {
  if (!topology?.length) return [];
  const nodes = new Map<string, TopologyNode>();
  topology.forEach((system, index) => {
    const path = system.system_id ?? `results/material/topology/${index}`;
    nodes.set(path, {
      path,
      label: system.label ?? path,
      structuralType: system.structural_type,
      nAtoms: system.n_atoms,
      structure: ownStructure(system, structures),
      children: [],
    });
  });
  const roots: TopologyNode[] = [];
  topology.forEach((system, index) => {
    const node = nodes.get(system.system_id ?? `results/material/topology/${index}`)!;
    const parent = system.parent_system ? nodes.get(system.parent_system) : undefined;
    if (!parent) {
      roots.push(node);
      return;
    }
    parent.children.push(node);
    const indices = system.indices?.[0];
    if (!node.structure && parent.structure && Array.isArray(indices)) {
      const whole = parent.structure;
      const valid = indices.filter((i) => Number.isInteger(i) && i >= 0 && i < whole.species.length);
      node.parent = { structure: whole, indices: valid };
      node.structure = {
        ...whole,
        species: valid.map((i) => whole.species[i]!),
        positions: valid.map((i) => whole.positions[i]!),
      };
    }
  });
  return roots;
}

export function findNode(nodes: readonly TopologyNode[], path: string): TopologyNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findNode(node.children, path);
    if (found) return found;
  }
  return undefined;
}
