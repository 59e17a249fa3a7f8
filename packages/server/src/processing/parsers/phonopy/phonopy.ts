// 'parsers/phonopy': phonon calculations made with phonopy, two kinds as in NOMAD. phonopy-FHI-aims: the
// mainfile is the control.in of the first displacement folder; the unit cell and the phonon settings come
// from the folder above it and the forces from every displacement folder's FHI-aims output (those outputs
// are also entries of their own). Other calculators (VASP): the mainfile is phonopy.yaml, with FORCE_SETS
// beside it (yaml-run.ts). Force constants, frequencies, DOS and thermal properties are computed here
// (see compute.ts), not read from phonopy's output files.
import type { Vec3 } from '@oasis/chem';
import { dirname, join } from 'node:path';
import type { MainfileParser, ParserInput, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { phononArchive } from './archive.ts';
import { computePhonons } from './compute.ts';
import { standardAmu } from './constants.ts';
import type { DisplacementDataset } from './force-constants.ts';
import { readPhononControl } from './read-control.ts';
import { readDisplacementRuns, readRootFile, rootOf, type DisplacementRun } from './read-files.ts';
import { readGeometryIn, type AimsCell } from './read-geometry.ts';
import { buildSupercell, matchDisplaced, type Supercell } from './supercell.ts';
import { parsePhonopyYaml } from './yaml-run.ts';

const MAX_SUPERCELL_ATOMS = 1000;
/** Unit-cell atoms: the diagonalisations grow with their cube. */
const MAX_UNIT_ATOMS = 48;
/** moyo's tolerance (Å) when control.in sets none: phonopy-FHI-aims' 1e-6 is too tight for rounding. */
const DEFAULT_SYMPREC = 1e-5;

/** The displaced supercell of a run matched onto the perfect one, with drift-free forces. */
function dataset(run: DisplacementRun, supercell: Supercell): DisplacementDataset {
  const name = `${run.folder}/${run.geometry !== undefined ? 'geometry.in' : run.output}`;
  const geometry: AimsCell =
    run.geometry !== undefined
      ? readGeometryIn(run.geometry, name, MAX_SUPERCELL_ATOMS)
      : run.geometryFromOutput.lattice
        ? { ...run.geometryFromOutput, lattice: run.geometryFromOutput.lattice }
        : (() => {
            throw new Error(`${name} has no cell`);
          })();
  if (run.forces.length !== geometry.species.length)
    throw new Error(`${run.output} has ${run.forces.length} forces for ${geometry.species.length} atoms`);
  const { atom, displacement } = matchDisplaced(supercell, geometry, name);
  const size = displacement.map((d) => Math.hypot(...d));
  const moved = size.indexOf(Math.max(...size));
  if (!(size[moved]! > 1e-6)) throw new Error(`no atom of ${name} is displaced`);
  if (size.some((s, i) => i !== moved && s > 1e-3 * size[moved]!))
    throw new Error(`more than one atom of ${name} is displaced: random displacements are not read`);
  // The forces of a displaced supercell should sum to zero; phonopy-FHI-aims and NOMAD remove the drift.
  const drift = [0, 1, 2].map((k) => run.forces.reduce((sum, f) => sum + f[k]!, 0) / run.forces.length);
  const forces = new Array<Vec3>(run.forces.length);
  run.forces.forEach((f, i) => (forces[atom[i]!] = f.map((x, k) => x - drift[k]!) as Vec3));
  return { atom: atom[moved]!, displacement: displacement[moved]!, forces };
}

async function parseAimsRun({ content, mainfile, absolutePath, rawRoot }: ParserInput) {
  const root = rootOf(absolutePath);
  const controlText = await readRootFile(root, rawRoot, 'control.in').catch(() => content.toString('latin1'));
  const control = readPhononControl(controlText);
  const unit = readGeometryIn(
    await readRootFile(root, rawRoot, 'geometry.in'),
    'geometry.in',
    MAX_UNIT_ATOMS,
  );
  const supercell = buildSupercell(unit, control.supercell, MAX_SUPERCELL_ATOMS);
  const runs = await readDisplacementRuns(root, rawRoot);
  const datasets = runs.map((run) => dataset(run, supercell));
  const masses = unit.species.map((s) => {
    const amu = control.masses.get(s) ?? standardAmu(s);
    if (!(amu > 0)) throw new Error(`no mass for species '${s}' (control.in has no 'mass' line for it)`);
    return amu;
  });
  const results = await computePhonons({
    unit,
    supercell,
    control,
    datasets,
    masses,
    symprec: control.symmetryThreshold ?? DEFAULT_SYMPREC,
  });
  const outputs = runs.map((run) => join(dirname(dirname(mainfile)), run.folder, run.output));
  const archive = phononArchive({
    unit,
    supercell,
    control,
    results,
    forceCalculator: 'fhi-aims',
    outputs,
    nDisplacements: outputs.length,
  });
  if (control.nac)
    archive.warnings.push("'phonon nac' is not applied: frequencies are without the non-analytic correction");
  return archive;
}

/** phonopy.yaml and the like (NOMAD: a name starting with 'phon' ending in 'yaml'). */
const YAML_MAINFILE = /(?:^|\/)phon[^/]*\.yaml$/;

export const phonopyParser: MainfileParser = {
  name: 'parsers/phonopy',
  code: {
    codeLabel: 'phonopy',
    codeCategory: 'Workflow manager',
    codeUrl: 'https://phonopy.github.io/phonopy/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|phonopy-FHI-aims-displacement-01/control.in | **Mainfile** |\n|control.in, geometry.in | phonon settings and unit cell (folder above the mainfile) |\n|phonopy-FHI-aims-displacement-NN/geometry.in | displaced supercells |\n|phonopy-FHI-aims-displacement-NN/phonopy-FHI-aims-displacement-NN.out | FHI-aims forces |\n|phonopy.yaml | **Mainfile** of a VASP run: unit cell, supercell |\n|FORCE_SETS | displacements and VASP forces (beside phonopy.yaml) |\n|*.conf | band path: BAND, BAND_LABELS, BAND_POINTS (beside phonopy.yaml) |',
  },
  mainfileName: /(?:^|\/)phonopy-FHI-aims-displacement-0*1\/control\.in$|(?:^|\/)phon[^/]*\.yaml$/,
  // phonopy.yaml lists every supercell atom (1000 atoms are about 150 kB).
  maxBytes: (mainfile) => (YAML_MAINFILE.test(mainfile) ? 64 : 4) * 1024 ** 2,
  parse: async (input): Promise<ParserOutput> => {
    const archive = YAML_MAINFILE.test(input.mainfile)
      ? await parsePhonopyYaml(input, {
          maxUnitAtoms: MAX_UNIT_ATOMS,
          maxSupercellAtoms: MAX_SUPERCELL_ATOMS,
        })
      : await parseAimsRun(input);
    return codeOutput(archive, 'Phonopy', 'simulation', input.log);
  },
};
