// From a .castep file to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { ELECTRON_VOLT, EV_PER_ANGSTROM, PICOSECOND } from '../../units.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  scfIterations,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { CastepGeometry, CastepOutput, CastepScf } from './read-castep.ts';

type Section = Record<string, unknown>;

const GIGAPASCAL = 1e9;

/** libxc names of the functionals CASTEP names in 'using functional'. */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  'Perdew Burke Ernzerhof': ['GGA_X_PBE', 'GGA_C_PBE'],
  'Local Density Approximation': ['LDA_X', 'LDA_C_PZ'],
  'PBE for solids (2008)': ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  'Perdew Wang (1991)': ['GGA_X_PW91', 'GGA_C_PW91'],
  'revised Perdew Burke Ernzerhof': ['GGA_X_RPBE', 'GGA_C_PBE'],
  'Wu-Cohen': ['GGA_X_WC', 'GGA_C_PBE'],
  'hybrid PBE0': ['HYB_GGA_XC_PBEH'],
  'hybrid B3LYP': ['HYB_GGA_XC_B3LYP'],
  HSE06: ['HYB_GGA_XC_HSE06'],
};

const SMEARING: Readonly<Record<string, string>> = {
  Gaussian: 'gaussian',
  'Fermi-Dirac': 'fermi',
  'Methfessel-Paxton': 'methfessel-paxton',
  'Marzari-Vanderbilt': 'marzari-vanderbilt',
};

function methodOf(out: CastepOutput, warnings: string[]): Section {
  const parameter = (key: string) => out.parameters.get(key);
  const functionalName = parameter('using functional');
  const names = functionalName ? FUNCTIONALS[functionalName] : undefined;
  if (functionalName && !names) warnings.push(`functional '${functionalName}' has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const spin =
    /spin.polari[sz]ed/i.test(parameter('treating system as') ?? '') ||
    parameter('spin polarized') === 'true';
  const electronic: Section = { method: 'DFT', n_spin_channels: spin ? 2 : 1 };
  const scheme = parameter('smearing scheme');
  const width = numbersOf(parameter('smearing width'))[0];
  if (scheme)
    electronic.smearing = {
      ...(SMEARING[scheme] ? { kind: SMEARING[scheme] } : {}),
      ...(width !== undefined ? { width: width * ELECTRON_VOLT } : {}),
    };
  const cutoff = numbersOf(parameter('plane wave basis set cut-off'))[0];
  return {
    dft: { xc_functional: functional },
    electronic,
    basis_set: [
      {
        type: 'plane waves',
        ...(cutoff !== undefined
          ? { cell_dependent: [{ kind: 'plane waves', planewave_cutoff: cutoff * ELECTRON_VOLT }] }
          : {}),
      },
    ],
  };
}

const numbersOf = (text: string | undefined): number[] =>
  (text ?? '')
    .split(/\s+/)
    .map(Number)
    .filter((n) => !Number.isNaN(n));

function structureOf(geometry: CastepGeometry): Structure {
  const cell = geometry.cell;
  return {
    species: geometry.species,
    positions: cartesian(geometry.fractional, cell).map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: cell.map((row) => row.map((x) => x * ANGSTROM)) as Structure['lattice'],
    periodic: [true, true, true],
  };
}

function calculationOf(scf: CastepScf, systemIndex: number): Section {
  const energy: Section = { total: { value: scf.energy * ELECTRON_VOLT } };
  if (scf.freeEnergy !== undefined) energy.free = { value: scf.freeEnergy * ELECTRON_VOLT };
  if (scf.md?.potential !== undefined) energy.potential = { value: scf.md.potential * ELECTRON_VOLT };
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy,
  };
  Object.assign(calculation, scfIterations(scf.iterations, ELECTRON_VOLT));
  if (scf.forces) calculation.forces = forcesSection(scf.forces, EV_PER_ANGSTROM);
  if (scf.md?.time !== undefined) calculation.time_physical = scf.md.time * PICOSECOND;
  if (scf.md?.temperature !== undefined) calculation.temperature = scf.md.temperature;
  if (scf.md?.pressure !== undefined) calculation.pressure = scf.md.pressure * GIGAPASCAL;
  return calculation;
}

function workflowOf(out: CastepOutput): Section {
  const kind = out.parameters.get('type of calculation') ?? '';
  if (/molecular dynamics/i.test(kind)) {
    const step = numbersOf(out.parameters.get('time step'))[0];
    const ensemble = out.parameters.get('ensemble');
    return molecularDynamics({
      ...(ensemble ? { thermodynamic_ensemble: ensemble } : {}),
      ...(step !== undefined ? { integration_timestep: step * PICOSECOND } : {}),
    });
  }
  if (/geometry optimi[sz]ation/i.test(kind))
    return geometryOptimization(
      { method: (out.parameters.get('optimization method') ?? 'BFGS').toLowerCase() },
      out.optimizationCompleted,
    );
  return singlePoint();
}

export function castepArchive(out: CastepOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Total time': the run did not finish");
  const { geometries, systemIndex } = systemsOfSteps(out.scfs);
  const calculations = out.scfs.map((step, index) => calculationOf(step, systemIndex[index]!));
  const structures = geometries.map(structureOf);
  const run = codeRun('CASTEP', out.version, methodOf(out, warnings), structures, calculations);
  return { run, workflow2: workflowOf(out), structure: structures[structures.length - 1]!, warnings };
}
