// A phonopy run of another force calculator (VASP), as NOMAD reads it: phonopy.yaml for the cells and the
// supercell matrix, FORCE_SETS beside it for the displacements and forces, and the band path of a
// `*.conf` beside it (BAND, BAND_LABELS, BAND_POINTS), or else the standard path of the unit cell's
// lattice. The phonons are computed as for phonopy-FHI-aims.
import type { Vec3 } from '@oasis/chem';
import { basename } from 'node:path';
import { standardBrillouinZone } from '../../normalizers/kpath-special-points.ts';
import { standardBandPath } from '../../normalizers/kpath-standard-path.ts';
import { analyseSymmetry } from '../../normalizers/symmetry.ts';
import type { ParserInput } from '../../types.ts';
import { siblingNames, siblingText } from '../sibling-files.ts';
import { phononArchive, structureOf } from './archive.ts';
import { computePhonons } from './compute.ts';
import { standardAmu } from './constants.ts';
import type { DisplacementDataset } from './force-constants.ts';
import { readBandConf } from './read-band-conf.ts';
import type { PhononControl } from './read-control.ts';
import type { AimsCell } from './read-geometry.ts';
import { readForceSets, type ForceSet } from './read-force-sets.ts';
import { readPhonopyYaml } from './read-phonopy-yaml.ts';
import { buildSupercell, matchDisplaced, type Supercell } from './supercell.ts';

const MAX_FORCE_SETS_BYTES = 256 * 1024 ** 2;
const MAX_CONF_BYTES = 1024 ** 2;
/** phonopy's default symmetry tolerance (Å). */
const PHONOPY_SYMPREC = 1e-5;
/** NOMAD's q-mesh: about 2 · 30³ points per unit-cell atom, the same number along each axis. */
const meshFor = (atoms: number): Vec3 => {
  const n = Math.max(1, Math.round(Math.cbrt((2 * 30 ** 3) / atoms)));
  return [n, n, n];
};

/** The force sets in this supercell's atom order, drift removed (as for phonopy-FHI-aims). */
function datasetsOf(sets: readonly ForceSet[], order: readonly number[]): DisplacementDataset[] {
  return sets.map((set) => {
    const drift = [0, 1, 2].map((k) => set.forces.reduce((sum, f) => sum + f[k]!, 0) / set.forces.length);
    const forces = new Array<Vec3>(set.forces.length);
    set.forces.forEach((f, i) => (forces[order[i]!] = f.map((x, k) => x - drift[k]!) as Vec3));
    return { atom: order[set.atom]!, displacement: set.displacement, forces };
  });
}

/** NOMAD's points per segment of a path it chooses. */
const STANDARD_PATH_POINTS = 100;

/**
 * The Setyawan–Curtarolo path of the unit cell's Bravais lattice, in its reciprocal basis; empty for
 * triclinic lattices, which have no table here. NOMAD takes ase's path for the lattice of the cell
 * as given (a conventional cubic cell of an fcc crystal gets the simple-cubic path), and the
 * orthorhombic path for a cell not in ase's standard orientation; here the crystal's lattice decides,
 * in any cell.
 */
async function standardPath(unit: AimsCell, log: ParserInput['log']): Promise<PhononControl['bands']> {
  try {
    const analysis = await analyseSymmetry(structureOf(unit));
    const zone = standardBrillouinZone(
      analysis.symmetry.bravais_lattice,
      analysis.conventional.lattice,
      analysis.primitive.lattice,
    );
    const path = zone ? standardBandPath(unit.lattice, zone) : undefined;
    return (path ?? []).map((segment) => ({ ...segment, points: STANDARD_PATH_POINTS }));
  } catch (error) {
    log('WARNING', `the lattice of the unit cell has no standard band path: ${(error as Error).message}`);
    return [];
  }
}

/** amu per unit-cell atom: phonopy.yaml's, or the standard atomic weight where it gives none. */
function massesOf(yaml: ReturnType<typeof readPhonopyYaml>, name: string): number[] {
  return yaml.masses.map((mass, i) => {
    if (mass > 0) return mass;
    const species = yaml.unit.species[i]!;
    const standard = standardAmu(species);
    if (!(standard > 0)) throw new Error(`${name}: atom ${i + 1} (${species}) of the unit cell has no mass`);
    return standard;
  });
}

/** Which atom of `supercell` each atom of phonopy's own supercell is (the same order when it is not given). */
function atomOrder(supercell: Supercell, phonopySupercell: ReturnType<typeof readPhonopyYaml>['supercell']) {
  if (!phonopySupercell) return supercell.species.map((_, i) => i);
  return matchDisplaced(supercell, phonopySupercell, 'the supercell of phonopy.yaml', 1e-3).atom;
}

export async function parsePhonopyYaml(
  { content, mainfile, absolutePath, rawRoot, log }: ParserInput,
  limits: { maxUnitAtoms: number; maxSupercellAtoms: number },
) {
  const name = basename(mainfile);
  const yaml = readPhonopyYaml(content.toString('utf8'), limits.maxUnitAtoms, limits.maxSupercellAtoms);
  if (yaml.calculator !== 'vasp')
    throw new Error(`${name}: forces of the calculator '${yaml.calculator}' are not read (VASP's are)`);
  const supercell = buildSupercell(yaml.unit, yaml.supercellMatrix, limits.maxSupercellAtoms);
  const forceSets = await siblingText(absolutePath, rawRoot, 'FORCE_SETS', MAX_FORCE_SETS_BYTES);
  if (!forceSets) throw new Error(`${name}: there is no FORCE_SETS beside it`);
  if ('problem' in forceSets) throw new Error(forceSets.problem);
  const sets = readForceSets(forceSets.text, supercell.species.length);
  const datasets = datasetsOf(sets, atomOrder(supercell, yaml.supercell));
  const conf = (await siblingNames(absolutePath)).filter((file) => file.endsWith('.conf')).sort()[0];
  const confText = await siblingText(absolutePath, rawRoot, conf, MAX_CONF_BYTES);
  const confBands = confText && 'text' in confText ? readBandConf(confText.text) : [];
  const bands = confBands.length > 0 ? confBands : await standardPath(yaml.unit, log);
  if (bands.length === 0)
    log('WARNING', `no band path (no .conf beside ${name} names one, and the lattice has no standard path)`);
  const masses = massesOf(yaml, name);
  const [first] = sets;
  const control: PhononControl = {
    supercell: yaml.supercellMatrix,
    displacement: first ? Math.hypot(...first.displacement) : 0,
    symmetryThreshold: PHONOPY_SYMPREC,
    frequencyUnit: 'THz',
    bands,
    // NOMAD's temperatures: 0 to 1000 K in steps of 100 K.
    freeEnergy: { min: 0, max: 1000, points: 10, mesh: meshFor(yaml.unit.species.length) },
    nac: false,
    masses: new Map(),
  };
  const results = await computePhonons({
    unit: yaml.unit,
    supercell,
    control,
    datasets,
    masses,
    symprec: PHONOPY_SYMPREC,
  });
  const archive = phononArchive({
    unit: yaml.unit,
    supercell,
    control,
    results,
    forceCalculator: 'vasp',
    outputs: [],
    nDisplacements: datasets.length,
  });
  if (yaml.version) archive.run.program = { ...archive.run.program, version: yaml.version };
  return archive;
}
