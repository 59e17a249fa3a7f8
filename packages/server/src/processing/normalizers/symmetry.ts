// Symmetry analysis of a periodic crystal with moyo (spglib's successor), in the conventions NOMAD
// stores in results.material.symmetry: spglib's default settings, idealised standard cells and
// MatID's canonical Wyckoff letters.
import { ANGSTROM, atomicNumber, cartesianToFractional, cellVolume, type Mat3, type Vec3 } from '@oasis/chem';
import type { ResultsSymmetry } from '@oasis/schema';
import { type Structure } from '../structure.ts';
import { spglibHallSymbol } from './hall-symbols.ts';
import { chooseRelabelling, orbits, relabellings } from './symmetry-canonical.ts';
import { idealLattice, primitiveCell, type Cell } from './symmetry-cells.ts';
import { euclideanNormalizer } from './symmetry-euclidean.ts';
import { latticeFromBasis, wrapVec } from './symmetry-math.ts';
import { loadMoyo, type Moyo } from './symmetry-moyo.ts';
import { spglibMonoclinicCell } from './symmetry-monoclinic.ts';
import { reduceToPrimitive } from './symmetry-primitive.ts';
import {
  applyOperation,
  FRACTIONAL_TOLERANCE,
  operationsFromMoyo,
  wyckoffLetter,
  wyckoffsFromMoyo,
  type SpaceGroupSetting,
} from './symmetry-wyckoff.ts';

/** NOMAD's symmetry tolerance (config.normalize.symmetry_tolerance), in Å. */
const SYMPREC = 0.1;

/** results.material.symmetry, as its definition types it. */
export type MaterialSymmetry = ResultsSymmetry;
type CrystalSystem = NonNullable<MaterialSymmetry['crystal_system']>;
type BravaisLattice = NonNullable<MaterialSymmetry['bravais_lattice']>;

export interface WyckoffSet {
  wyckoff_letter: string;
  /** Indices of the set's atoms in the conventional cell. */
  indices: number[];
  element: string;
}

export interface SymmetryAnalysis {
  symmetry: Required<
    Pick<
      MaterialSymmetry,
      | 'space_group_number'
      | 'space_group_symbol'
      | 'crystal_system'
      | 'bravais_lattice'
      | 'point_group'
      | 'hall_number'
      | 'hall_symbol'
    >
  >;
  /** Idealised conventional cell with canonical Wyckoff letters per atom. */
  conventional: Cell & { wyckoffLetters: string[] };
  primitive: Cell;
  /** One set per orbit of the conventional cell. */
  wyckoffSets: WyckoffSet[];
}

/** Symbol without spaces, as spglib writes it ('F d -3 m' -> 'Fd-3m'). */
function compactSymbol(symbol: string): string {
  return symbol.replace(/\s+/g, '');
}

/** Pearson-style lattice symbol as NOMAD stores it: one-face centrings (A, B, C) are 'S'. */
function bravaisLattice(bravaisClass: string): BravaisLattice {
  // moyo's Bravais classes are Pearson symbols; with S for A, B and C they are NOMAD's values.
  return bravaisClass.replace(/[ABC]$/, 'S') as BravaisLattice;
}

function inputCell(structure: Structure): { lattice: Mat3; positions: Vec3[]; numbers: number[] } {
  const { lattice } = structure;
  if (!lattice || !structure.periodic.every(Boolean)) throw new Error('structure is not periodic in 3D');
  if (structure.species.length === 0) throw new Error('structure has no atoms');
  const latticeA = lattice.map((row) => row.map((x) => x / ANGSTROM)) as Mat3;
  if (!(cellVolume(latticeA) > 1e-6)) throw new Error('cell volume is zero');
  const positions = cartesianToFractional(
    structure.positions.map((p) => p.map((x) => x / ANGSTROM) as Vec3),
    latticeA,
  );
  // moyo only compares numbers; unknown species ('X') still need a label distinct from elements.
  const numbers = structure.species.map((s) => atomicNumber(s) ?? 0);
  return { lattice: latticeA, positions, numbers };
}

/** Runs the analysis with an initialised moyo module (synchronous core of analyseSymmetry). */
function analyseSymmetryWith(moyo: Moyo, structure: Structure, symprec = SYMPREC): SymmetryAnalysis {
  const input = inputCell(structure);
  const reduced = reduceToPrimitive(input, symprec);
  const cellJson = JSON.stringify({
    lattice: { basis: reduced.lattice.flat() },
    positions: reduced.positions,
    numbers: reduced.numbers,
  });
  // 'Spglib' picks spglib's default setting per space group (origin choice 1, hexagonal axes for
  // rhombohedral groups, unique axis b), the one NOMAD's hall numbers and conventional cells use.
  const dataset = moyo.analyze_cell(cellJson, symprec, 'Spglib');
  const hall = moyo.hall_symbol_entry(dataset.hall_number);
  const type = moyo.space_group_type(dataset.number);
  // moyo names NOMAD's crystal systems, capitalised.
  const crystalSystem = type.crystal_system.toLowerCase() as CrystalSystem;
  const setting: SpaceGroupSetting = {
    operations: operationsFromMoyo(
      moyo.operations_from_number(dataset.number, { type: 'HallNumber', value: dataset.hall_number }, false),
    ),
    wyckoffs: wyckoffsFromMoyo(moyo.wyckoff_positions(dataset.hall_number)),
  };

  // moyo's numbers are labels; map them back to the input's species strings.
  const speciesOf = new Map<number, string>();
  input.numbers.forEach((n, i) => speciesOf.set(n, structure.species[i]!));
  const std = dataset.std_cell;
  const species = std.numbers.map((n) => {
    const s = speciesOf.get(n);
    if (s === undefined) throw new Error(`moyo returned an unknown species number ${n}`);
    return s;
  });
  // spglib's a and c for a monoclinic cell (moyo's cell is of the same setting, not always that choice).
  const standard =
    crystalSystem === 'monoclinic'
      ? spglibMonoclinicCell(
          latticeFromBasis(std.lattice.basis),
          std.positions as Vec3[],
          setting.operations,
          FRACTIONAL_TOLERANCE,
        )
      : { lattice: latticeFromBasis(std.lattice.basis), positions: std.positions as Vec3[] };
  const positions = standard.positions.map((p) => wrapVec(p, FRACTIONAL_TOLERANCE));
  const orbit = orbits(positions, species, setting.operations);
  const letterOfOrbit = new Map<number, string>();
  for (const o of new Set(orbit)) letterOfOrbit.set(o, wyckoffLetter(positions[o]!, setting));
  const letters = orbit.map((o) => letterOfOrbit.get(o)!);

  const chosen = chooseRelabelling(
    relabellings(setting, euclideanNormalizer(setting.operations, crystalSystem)),
    letters,
    std.numbers,
  );
  const conventional = {
    lattice: idealLattice(standard.lattice, crystalSystem),
    positions: positions.map((p) => wrapVec(applyOperation(chosen.map, p), FRACTIONAL_TOLERANCE)),
    species,
    wyckoffLetters: letters.map((l) => chosen.letters.get(l) ?? l),
  };

  const sets = new Map<number, WyckoffSet>();
  orbit.forEach((o, i) => {
    const set = sets.get(o) ?? {
      wyckoff_letter: conventional.wyckoffLetters[i]!,
      indices: [],
      element: species[i]!,
    };
    set.indices.push(i);
    sets.set(o, set);
  });

  return {
    symmetry: {
      space_group_number: dataset.number,
      space_group_symbol: compactSymbol(hall.hm_short),
      crystal_system: crystalSystem,
      bravais_lattice: bravaisLattice(type.bravais_class),
      point_group: type.geometric_crystal_class,
      hall_number: dataset.hall_number,
      hall_symbol: spglibHallSymbol(dataset.hall_number, hall.hall_symbol),
    },
    conventional,
    primitive: primitiveCell(conventional, hall.centering),
    wyckoffSets: [...sets.values()],
  };
}

/** Symmetry of a 3D-periodic structure (positions and lattice in m); throws when it cannot be found. */
export async function analyseSymmetry(structure: Structure, symprec = SYMPREC): Promise<SymmetryAnalysis> {
  return analyseSymmetryWith(await loadMoyo(), structure, symprec);
}
