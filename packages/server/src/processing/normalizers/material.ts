// results.material and results.properties.structures.structure_original from a Structure,
// following NOMAD's results normalizer (formulas, elements, structural type).
import { cellParameters, cellVolume, type Structure } from '../structure.ts';
import type { DeclaredSymmetry } from '../types.ts';
import { compositionOf, formulas } from './formula.ts';

export type StructuralType = 'bulk' | 'molecule / cluster' | 'atom' | 'unavailable';

export interface MaterialSymmetry {
  space_group_number?: number;
  space_group_symbol?: string;
  crystal_system?: string;
  bravais_lattice?: string;
}

export interface Material {
  structural_type: StructuralType;
  elements: string[];
  n_elements: number;
  elements_exclusive: string;
  chemical_formula_hill: string;
  chemical_formula_reduced: string;
  chemical_formula_iupac: string;
  chemical_formula_anonymous: string;
  chemical_formula_descriptive: string;
  symmetry?: MaterialSymmetry;
}

/** Below this volume (m^3, ~1e-6 Å^3) a cell counts as degenerate. */
const MIN_CELL_VOLUME = 1e-36;

export function structuralType(structure: Structure): StructuralType {
  const nPeriodic = structure.periodic.filter(Boolean).length;
  const n = structure.species.length;
  if (nPeriodic === 3) {
    return structure.lattice && cellVolume(structure.lattice) > MIN_CELL_VOLUME ? 'bulk' : 'unavailable';
  }
  if (nPeriodic === 0) {
    if (n === 1) return 'atom';
    if (n > 1) return 'molecule / cluster';
  }
  // 1D/2D/surface classification needs a dimensionality analysis that is not implemented yet.
  return 'unavailable';
}

export function materialFromStructure(structure: Structure, declared?: DeclaredSymmetry): Material {
  if (structure.species.length === 0) throw new Error('structure has no atoms');
  const composition = compositionOf(structure.species);
  const f = formulas(composition);
  const elements = [...composition.keys()].sort();
  const material: Material = {
    structural_type: structuralType(structure),
    elements,
    n_elements: elements.length,
    elements_exclusive: elements.join(' '),
    chemical_formula_hill: f.hill,
    chemical_formula_reduced: f.reduced,
    chemical_formula_iupac: f.iupac,
    chemical_formula_anonymous: f.anonymous,
    chemical_formula_descriptive: f.descriptive,
  };
  const symmetry = declared ? symmetryFromDeclaration(declared) : undefined;
  if (symmetry) material.symmetry = symmetry;
  return material;
}

/** Crystal system of an international space-group number (ITA ranges). */
export function crystalSystem(spaceGroupNumber: number): string | undefined {
  const ranges: readonly [number, string][] = [
    [2, 'triclinic'],
    [15, 'monoclinic'],
    [74, 'orthorhombic'],
    [142, 'tetragonal'],
    [167, 'trigonal'],
    [194, 'hexagonal'],
    [230, 'cubic'],
  ];
  if (!Number.isInteger(spaceGroupNumber) || spaceGroupNumber < 1) return undefined;
  return ranges.find(([max]) => spaceGroupNumber <= max)?.[1];
}

const SYSTEM_LETTER: Readonly<Record<string, string>> = {
  triclinic: 'a',
  monoclinic: 'm',
  orthorhombic: 'o',
  tetragonal: 't',
  trigonal: 'h',
  hexagonal: 'h',
  cubic: 'c',
};

/** Pearson-style Bravais symbol (e.g. 'cF') from crystal system and the H-M centring letter. */
function bravaisLattice(system: string, symbol: string): string | undefined {
  const letter = SYSTEM_LETTER[system];
  const centring = symbol.trim()[0]?.toUpperCase();
  if (!letter || !centring || !'PABCFIR'.includes(centring)) return undefined;
  if (system === 'triclinic') return 'aP';
  // A/B/C-centred monoclinic and orthorhombic lattices are all 'S' (side-centred) in Pearson symbols.
  const c = 'ABC'.includes(centring) ? 'S' : centring;
  if (system === 'trigonal') return c === 'R' ? 'hR' : 'hP';
  return letter + c;
}

/**
 * Symmetry as the file declares it. This is not an analysis of the positions (that needs a
 * symmetry library); a later symmetry normalizer should replace it.
 */
export function symmetryFromDeclaration(declared: DeclaredSymmetry): MaterialSymmetry | undefined {
  const symmetry: MaterialSymmetry = {};
  const symbol = declared.spaceGroupSymbol?.replace(/\s+/g, '');
  if (declared.spaceGroupNumber !== undefined) symmetry.space_group_number = declared.spaceGroupNumber;
  if (symbol) symmetry.space_group_symbol = symbol;
  const system =
    declared.spaceGroupNumber !== undefined ? crystalSystem(declared.spaceGroupNumber) : undefined;
  if (system) {
    symmetry.crystal_system = system;
    const bravais = symbol ? bravaisLattice(system, symbol) : undefined;
    if (bravais) symmetry.bravais_lattice = bravais;
  }
  return Object.keys(symmetry).length > 0 ? symmetry : undefined;
}

/** results.properties.structures.structure_original (SI units: m, m^3, rad). */
export function structureOriginal(structure: Structure): Record<string, unknown> {
  const symbols = [...new Set(structure.species)];
  const section: Record<string, unknown> = {
    dimension_types: structure.periodic.map((p) => (p ? 1 : 0)),
    nperiodic_dimensions: structure.periodic.filter(Boolean).length,
    n_sites: structure.species.length,
    species_at_sites: [...structure.species],
    cartesian_site_positions: structure.positions.map((p) => [...p]),
    species: symbols.map((s) => ({ name: s, chemical_symbols: [s], concentration: [1.0] })),
  };
  if (structure.lattice) {
    section.lattice_vectors = structure.lattice.map((v) => [...v]);
    section.cell_volume = cellVolume(structure.lattice);
    section.lattice_parameters = cellParameters(structure.lattice);
  }
  return section;
}
