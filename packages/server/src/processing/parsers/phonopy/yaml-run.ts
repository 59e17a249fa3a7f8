// A phonopy run of another force calculator (VASP), as NOMAD reads it: phonopy.yaml for the cells and the
// supercell matrix, FORCE_SETS beside it for the displacements and forces, and the band path of a
// `*.conf` beside it (BAND, BAND_LABELS, BAND_POINTS). The phonons are computed as for phonopy-FHI-aims.
import { basename } from 'node:path';
import type { Vec3 } from '../../structure.ts';
import type { ParserInput } from '../../types.ts';
import { siblingNames, siblingText } from '../sibling-files.ts';
import { phononArchive } from './archive.ts';
import { computePhonons } from './compute.ts';
import type { DisplacementDataset } from './force-constants.ts';
import { readBandConf } from './read-band-conf.ts';
import type { PhononControl } from './read-control.ts';
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
  const bands = confText && 'text' in confText ? readBandConf(confText.text) : [];
  if (bands.length === 0)
    log('WARNING', `no band path (BAND and BAND_LABELS of a .conf beside ${name}): no phonon band structure`);
  const masses = yaml.masses.map((mass, i) => {
    if (!(mass > 0)) throw new Error(`${name}: atom ${i + 1} of the unit cell has no mass`);
    return mass;
  });
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
