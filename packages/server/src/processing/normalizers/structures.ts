// results.properties.structures sections (NOMAD's Structure): original, conventional, primitive.
import { ANGSTROM, atomicMass, cellParameters, cellVolume, type Mat3, type Vec3 } from '@oasis/chem';
import type { ResultsStructure } from '@oasis/schema';
import { type Structure } from '../structure.ts';
import type { Cell } from './symmetry-cells.ts';
import type { WyckoffSet } from './symmetry.ts';

/** A cell in Å with fractional positions as a Structure in SI units (periodic in 3D). */
export function structureFromCell(cell: Cell): Structure {
  const lattice = cell.lattice.map((row) => row.map((x) => x * ANGSTROM)) as Mat3;
  const positions = cell.positions.map(
    (f) =>
      [0, 1, 2].map((j) => f[0] * lattice[0][j]! + f[1] * lattice[1][j]! + f[2] * lattice[2][j]!) as Vec3,
  );
  return { species: [...cell.species], positions, lattice, periodic: [true, true, true] };
}

/** Total mass in kg, or undefined when a species has no known mass ('X'). */
function totalMass(species: readonly string[]): number | undefined {
  let sum = 0;
  for (const s of species) {
    const m = atomicMass(s);
    if (m === undefined) return undefined;
    sum += m;
  }
  return sum;
}

/**
 * One structure section in SI units (m, m^3, rad, kg/m^3, 1/m^3). Densities are given for 3D
 * periodic cells only, as NOMAD does; wyckoff_sets for conventional cells.
 */
export function structureSection(
  structure: Structure,
  wyckoffSets?: readonly WyckoffSet[],
): ResultsStructure {
  const symbols = [...new Set(structure.species)];
  const section: ResultsStructure = {
    dimension_types: structure.periodic.map((p) => (p ? 1 : 0)),
    nperiodic_dimensions: structure.periodic.filter(Boolean).length,
    n_sites: structure.species.length,
    species_at_sites: [...structure.species],
    cartesian_site_positions: structure.positions.map((p) => [...p]),
    species: symbols.map((s) => ({ name: s, chemical_symbols: [s], concentration: [1.0] })),
  };
  if (structure.lattice) {
    const volume = cellVolume(structure.lattice);
    section.lattice_vectors = structure.lattice.map((v) => [...v]);
    section.cell_volume = volume;
    section.lattice_parameters = cellParameters(structure.lattice);
    if (structure.periodic.every(Boolean) && volume > 0) {
      const mass = totalMass(structure.species);
      if (mass !== undefined) section.mass_density = mass / volume;
      section.atomic_density = structure.species.length / volume;
    }
  }
  if (wyckoffSets) section.wyckoff_sets = wyckoffSets.map((w) => ({ ...w, indices: [...w.indices] }));
  return section;
}
