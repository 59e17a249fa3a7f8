// results.material.topology as NOMAD's results normalizer writes it for a single structure: the
// original system (the root) and, for analysed bulk crystals, its conventional cell as a child. The
// original system points at the run system it comes from (atoms_ref) when the parser wrote one, and
// holds its atoms otherwise; the conventional cell holds its own atoms, as in NOMAD's archives.
import { atomicNumber } from '@oasis/chem';
import type { ResultsMaterial, ResultsStructure, ResultsStructures } from '@oasis/schema';

type TopologySystem = NonNullable<ResultsMaterial['topology']>[number];
type SystemCell = NonNullable<TopologySystem['cell']>;
type SystemAtoms = NonNullable<TopologySystem['atoms']>;

/** A results structure's sites as NOMAD's Atoms (labels, atomic numbers, positions, cell), in SI. */
function atomsOf(structure: ResultsStructure): SystemAtoms {
  const labels = [...(structure.species_at_sites ?? [])];
  const atoms: SystemAtoms = {
    n_atoms: labels.length,
    labels,
    species: labels.map((label) => atomicNumber(label) ?? 0),
    positions: (structure.cartesian_site_positions ?? []).map((p) => [...p]),
    periodic: (structure.dimension_types ?? [0, 0, 0]).map((d) => d === 1),
  };
  if (structure.lattice_vectors) atoms.lattice_vectors = structure.lattice_vectors.map((v) => [...v]);
  return atoms;
}

/** A system's id is its own archive path, as NOMAD's are. */
const systemId = (index: number) => `results/material/topology/${index}`;

const ORIGINAL_DESCRIPTION = 'A representative system chosen from the original simulation.';
const CONVENTIONAL_DESCRIPTION =
  'The conventional cell of the original system, in the standard setting of its space group.';

/** Cell parameters and densities of a structure section, when it has a lattice. */
function cellOf(structure: ResultsStructure): SystemCell | undefined {
  const p = structure.lattice_parameters;
  if (!p) return undefined;
  const cell: SystemCell = { ...p };
  if (structure.cell_volume !== undefined) cell.volume = structure.cell_volume;
  if (structure.atomic_density !== undefined) cell.atomic_density = structure.atomic_density;
  if (structure.mass_density !== undefined) cell.mass_density = structure.mass_density;
  return cell;
}

/** The identity and composition a topology system shares with the material. */
const SHARED_WITH_MATERIAL = [
  'material_id',
  'structural_type',
  'dimensionality',
  'building_block',
  'elements',
  'n_elements',
  'elements_exclusive',
  'chemical_formula_hill',
  'chemical_formula_reduced',
  'chemical_formula_iupac',
  'chemical_formula_anonymous',
  'chemical_formula_descriptive',
] as const satisfies readonly (keyof ResultsMaterial & keyof TopologySystem)[];

function classification(material: ResultsMaterial): TopologySystem {
  return Object.fromEntries(
    SHARED_WITH_MATERIAL.filter((key) => material[key] !== undefined).map((key) => [key, material[key]]),
  ) as TopologySystem;
}

/**
 * The topology of a material with one structure. Only systems whose atoms exist are listed, so every
 * system here can be drawn and downloaded (GET systems/{entry_id}?path=results/material/topology/N).
 */
export function topologyOf(
  material: ResultsMaterial,
  structures: ResultsStructures,
  /** The run system of the original structure ('/run/0/system/3/atoms'), if the parser wrote one. */
  runAtomsRef?: string,
): TopologySystem[] {
  const original = structures.structure_original;
  if (!original) return [];
  const root: TopologySystem = {
    ...classification(material),
    system_id: systemId(0),
    label: 'original',
    method: 'parser',
    description: ORIGINAL_DESCRIPTION,
    system_relation: { type: 'root' },
    ...(runAtomsRef ? { atoms_ref: runAtomsRef } : { atoms: atomsOf(original) }),
    n_atoms: original.n_sites ?? original.species_at_sites?.length ?? 0,
    atomic_fraction: 1,
    mass_fraction: 1,
  };
  const rootCell = cellOf(original);
  if (rootCell) root.cell = rootCell;
  const systems = [root];
  const conventional = structures.structure_conventional;
  if (conventional && material.symmetry) {
    const child: TopologySystem = {
      ...classification(material),
      system_id: systemId(1),
      label: 'conventional cell',
      method: 'parser',
      description: CONVENTIONAL_DESCRIPTION,
      system_relation: { type: 'conventional_cell' },
      parent_system: root.system_id,
      atoms: atomsOf(conventional),
      n_atoms: conventional.n_sites ?? conventional.species_at_sites?.length ?? 0,
      symmetry: { ...symmetryOf(material.symmetry), symmetry_method: 'moyo' },
    };
    const cell = cellOf(conventional);
    if (cell) child.cell = cell;
    if (conventional.wyckoff_sets) child.symmetry!.wyckoff_sets = conventional.wyckoff_sets;
    root.child_systems = [child.system_id!];
    systems.push(child);
  }
  return systems;
}

type SystemSymmetry = NonNullable<TopologySystem['symmetry']>;

/** The fields of results.material.symmetry that a system's symmetry section also has. */
function symmetryOf(material: object): SystemSymmetry {
  const symmetry = material as Record<string, unknown>;
  const keys = [
    'bravais_lattice',
    'crystal_system',
    'hall_number',
    'hall_symbol',
    'point_group',
    'space_group_number',
    'space_group_symbol',
    'choice',
    'strukturbericht_designation',
    'origin_shift',
    'transformation_matrix',
    'symmorphic',
    'prototype_label_aflow',
    'prototype_name',
  ];
  return Object.fromEntries(
    keys.filter((key) => symmetry[key] !== undefined).map((key) => [key, symmetry[key]]),
  ) as SystemSymmetry;
}
