// results.material and results.properties.structures from the representative structure: formulas
// and structural type for every structure; for bulk crystals a symmetry analysis (moyo) that gives
// results.material.symmetry, material_id and the conventional and primitive structures. The
// symmetry a file declares is used only when the analysis cannot run or fails.
import type { ResultsStructures, LogLevel } from '@oasis/schema';
import type { Structure } from '../structure.ts';
import type { DeclaredSymmetry } from '../types.ts';
import { materialFromStructure, symmetryFromDeclaration, type Material } from './material.ts';
import { materialIdBulk } from './material-id.ts';
import { ensureSection, isSection, type Normalizer, type Section } from './normalizer.ts';
import { prototypeSymmetry } from './prototypes.ts';
import { structureFromCell, structureSection } from './structures.ts';
import { analyseSymmetry } from './symmetry.ts';
import { topologyOf } from './topology.ts';

type Log = (level: LogLevel, event: string) => void;

/** Sites with an occupancy below this are partially occupied (a disordered structure). */
const FULL_OCCUPANCY = 1 - 1e-6;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Largest cell whose symmetry is analysed. moyo's time grows with about the cube of a supercell's atoms
 * (rock salt on this project's 2-core machine: 1.4 s at 1,000 atoms, 30 s at 2,744, 258 s at 5,832), so
 * an MD box of 27,000 atoms would hold its entry for hours; a cell this large is a simulation box.
 */
const SYMMETRY_MAX_ATOMS = 1000;

/** Symmetry, material id and standard structures of a bulk crystal; false when not analysed. */
async function analyseCrystal(
  structure: Structure,
  material: Material,
  structures: ResultsStructures,
  log: Log,
): Promise<boolean> {
  if (structure.occupancies?.some((o) => o < FULL_OCCUPANCY)) {
    log('WARNING', 'symmetry analysis skipped: the structure has partially occupied sites');
    return false;
  }
  if (structure.species.length > SYMMETRY_MAX_ATOMS) {
    log(
      'INFO',
      `no symmetry analysis: the cell has ${structure.species.length} atoms, more than ${SYMMETRY_MAX_ATOMS}`,
    );
    return false;
  }
  try {
    const analysis = await analyseSymmetry(structure);
    const { conventional } = analysis;
    const { space_group_number: number, space_group_symbol: symbol } = analysis.symmetry;
    // NOMAD names bulk materials only (a molecular crystal has no material id there either).
    if (material.structural_type === 'bulk')
      material.material_id = materialIdBulk(number, analysis.wyckoffSets);
    material.symmetry = {
      ...analysis.symmetry,
      ...prototypeSymmetry(number, conventional.species, conventional.wyckoffLetters),
    };
    structures.structure_conventional = structureSection(
      structureFromCell(conventional),
      analysis.wyckoffSets,
    );
    structures.structure_primitive = structureSection(structureFromCell(analysis.primitive));
    log('INFO', `symmetry analysed with moyo: ${symbol} (${number})`);
    return true;
  } catch (error) {
    log('WARNING', `symmetry analysis failed: ${errorMessage(error)}`);
    return false;
  }
}

/** Atoms of a cell of molecules analysed for symmetry: a molecular crystal's cell, not an MD box. */
const MOLECULAR_CRYSTAL_ATOMS = 1000;

/** Parts not bonded to each other ('unavailable' in NOMAD) in a periodic cell of a molecular crystal's size. */
const moleculesInACell = (material: Material, structure: Structure, periodic3d: boolean): boolean =>
  material.structural_type === 'unavailable' &&
  periodic3d &&
  structure.species.length <= MOLECULAR_CRYSTAL_ATOMS;

/**
 * NOMAD analyses bulk only, so a molecular crystal ('unavailable' there: its molecules are not bonded to
 * each other) gets no space group, though its cell has one. It is analysed here; a cell with no symmetry
 * but translations (P1: a liquid's box, an amorphous solid) is left without one, as in NOMAD.
 */
async function analyseMolecularCrystal(
  structure: Structure,
  material: Material,
  structures: ResultsStructures,
  log: Log,
): Promise<boolean> {
  const analysed: ResultsStructures = {};
  const found: Material = { ...material };
  if (!(await analyseCrystal(structure, found, analysed, log))) return false;
  if (found.symmetry?.space_group_number === 1) {
    log('INFO', 'no symmetry in results.material: the cell of separate molecules has none but translations');
    return false;
  }
  material.symmetry = found.symmetry;
  Object.assign(structures, analysed);
  return true;
}

function declaredFallback(material: Material, declared: DeclaredSymmetry | undefined, log: Log): void {
  const symmetry = declared ? symmetryFromDeclaration(declared) : undefined;
  if (!symmetry) return;
  material.symmetry = symmetry;
  log('INFO', 'symmetry in results.material is as declared by the file, not analysed');
}

/**
 * Where the run holds the representative structure: the run system whose positions are the structure's
 * (parsers build both from the same Structure); searched from the last system, the usual representative.
 */
function runAtomsRef(archive: Section, structure: Structure): string | undefined {
  const run = Array.isArray(archive.run) ? archive.run[0] : undefined;
  const systems = isSection(run) && Array.isArray(run.system) ? run.system : [];
  for (let i = systems.length - 1; i >= 0; i--) {
    const atoms = isSection(systems[i]) ? (systems[i] as Section).atoms : undefined;
    const positions = isSection(atoms) ? atoms.positions : undefined;
    if (positions === structure.positions) return `/run/0/system/${i}/atoms`;
    if (
      Array.isArray(positions) &&
      positions.length === structure.positions.length &&
      positions.every((p, k) => Array.isArray(p) && p.every((x, j) => x === structure.positions[k]![j]))
    ) {
      return `/run/0/system/${i}/atoms`;
    }
  }
  return undefined;
}

export const materialNormalizer: Normalizer = {
  name: 'material',
  normalize: async ({ archive, structure, declaredSymmetry, log }) => {
    if (!structure) return;
    const material = materialFromStructure(structure);
    const structures: ResultsStructures = { structure_original: structureSection(structure) };
    const periodic3d = structure.lattice !== null && structure.periodic.every(Boolean);
    let analysed = false;
    if (material.structural_type === 'bulk')
      analysed = await analyseCrystal(structure, material, structures, log);
    else if (moleculesInACell(material, structure, periodic3d))
      analysed = await analyseMolecularCrystal(structure, material, structures, log);
    else log('INFO', `no symmetry analysis for structural type '${material.structural_type}'`);
    if (!analysed && periodic3d) declaredFallback(material, declaredSymmetry, log);
    material.topology = topologyOf(material, structures, runAtomsRef(archive, structure));
    const results = archive.results;
    // Values a parser (or an archive file) brought along win over computed ones.
    results.material = isSection(results.material) ? { ...material, ...results.material } : material;
    Object.assign(ensureSection(results, 'properties', 'structures'), structures);
  },
};
