// From exciting's INFO.OUT to NOMAD's run and workflow2 sections, in SI units.
import type { Structure, Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  forcesSection,
  geometryOptimization,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { ExcitingGeometry, ExcitingInfo, ExcitingStep } from './read-info.ts';

type Section = Record<string, unknown>;

/** libxc names of exciting's xctype numbers. */
const XC_TYPES: Readonly<Record<number, readonly string[]>> = {
  2: ['LDA_X', 'LDA_C_PZ'],
  3: ['LDA_X', 'LDA_C_PW'],
  20: ['GGA_X_PBE', 'GGA_C_PBE'],
  21: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  22: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  26: ['GGA_X_WC', 'GGA_C_PBE'],
  30: ['GGA_X_AM05', 'GGA_C_AM05'],
  406: ['HYB_GGA_XC_PBEH'],
  408: ['HYB_GGA_XC_HSE03'],
};

function methodOf(info: ExcitingInfo, warnings: string[]): Section {
  const names = info.xcType !== undefined ? XC_TYPES[info.xcType] : undefined;
  if (info.xcType !== undefined && !names)
    warnings.push(`exchange-correlation type ${info.xcType} (${info.xc ?? ''}) has no libxc names here`);
  const functional = xcFunctional(names ?? []);
  const electronic: Section = { method: 'DFT', n_spin_channels: info.spinPolarized ? 2 : 1 };
  if (info.smearing)
    electronic.smearing = { kind: info.smearing.scheme.toLowerCase(), width: info.smearing.width * HARTREE };
  const method: Section = {
    dft: { xc_functional: functional },
    electronic,
    basis_set: [{ type: '(L)APW+lo' }],
  };
  if (info.kGrid?.length === 3) method.k_mesh = { grid: info.kGrid };
  return method;
}

function structureOf(geometry: ExcitingGeometry, lattice: NonNullable<ExcitingInfo['lattice']>): Structure {
  const cell = lattice.map((row) => row.map((x) => x * BOHR)) as [Vec3, Vec3, Vec3];
  return {
    species: geometry.species,
    positions: cartesian(geometry.fractional, cell),
    lattice: cell,
    periodic: [true, true, true],
  };
}

function calculationOf(step: ExcitingStep, systemIndex: number): Section {
  const energy: Section = { total: { value: step.energy * HARTREE } };
  if (step.fermi !== undefined) energy.fermi = step.fermi * HARTREE;
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy,
  };
  Object.assign(calculation, scfIterations(step.iterations, HARTREE));
  if (step.converged !== undefined) calculation.calculation_converged = step.converged;
  if (step.gap !== undefined && step.fermi !== undefined && step.gap > 0)
    calculation.band_gap = [{ value: step.gap * HARTREE }];
  if (step.forces) calculation.forces = forcesSection(step.forces, HARTREE / BOHR);
  return calculation;
}

export function excitingArchive(info: ExcitingInfo): CodeArchive {
  const warnings: string[] = [];
  if (!info.finished) warnings.push("INFO.OUT has no 'EXCITING ... stopped': the run did not finish");
  const structures = info.steps.map((step) => structureOf(step.geometry, info.lattice!));
  const run = codeRun(
    'exciting',
    info.version,
    methodOf(info, warnings),
    structures,
    info.steps.map(calculationOf),
  );
  const workflow2: Section = info.steps.length > 1 ? geometryOptimization({ type: 'atomic' }) : singlePoint();
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
