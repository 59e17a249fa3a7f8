// From a CP2K output (and its MD trajectory) to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  geometryOptimization,
  molecularDynamics,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { Cp2kEvaluation, Cp2kOutput } from './read-cp2k.ts';

type Section = Record<string, unknown>;

const FEMTOSECOND = 1e-15;

/** libxc names of CP2K's FUNCTIONAL| components. */
const XC: Readonly<Record<string, readonly string[]>> = {
  PADE: ['LDA_XC_TETER93'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  BECKE88: ['GGA_X_B88'],
  LYP: ['GGA_C_LYP'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  VWN: ['LDA_C_VWN'],
  SLATER: ['LDA_X'],
};

/** A trajectory frame: species and Cartesian positions (Å). */
export interface Cp2kFrame {
  species: string[];
  positions: Vec3[];
}

function methodOf(out: Cp2kOutput, warnings: string[]): Section {
  const functional = xcFunctional(
    out.functionals.flatMap((component) => {
      const names = XC[component.toUpperCase().split(/\s/)[0]!];
      if (!names) warnings.push(`functional ${component} has no libxc names here`);
      return names ?? [];
    }),
  );
  const method: Section = {
    dft: { xc_functional: functional },
    electronic: { method: 'DFT', n_spin_channels: out.unrestricted ? 2 : 1 },
    basis_set: [
      {
        type: 'gaussians + plane waves',
        ...(out.cutoff !== undefined
          ? { cell_dependent: [{ kind: 'plane waves', planewave_cutoff: out.cutoff * HARTREE }] }
          : {}),
      },
    ],
  };
  if (out.charge !== undefined) method.x_cp2k_charge = out.charge;
  if (out.multiplicity !== undefined) method.x_cp2k_spin_multiplicity = out.multiplicity;
  return method;
}

function structureOf(species: string[], positions: Vec3[], cell: Cp2kOutput['cell']): Structure {
  return {
    species,
    positions: positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: cell ? (cell.map((row) => row.map((x) => x * ANGSTROM)) as Structure['lattice']) : null,
    periodic: cell ? [true, true, true] : [false, false, false],
  };
}

function calculationOf(evaluation: Cp2kEvaluation, systemIndex: number): Section {
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy: { total: { value: evaluation.energy! * HARTREE } },
  };
  Object.assign(calculation, scfIterations(evaluation.iterations, HARTREE));
  if (evaluation.converged !== undefined) calculation.calculation_converged = evaluation.converged;
  if (evaluation.forces) calculation.forces = forcesSection(evaluation.forces, HARTREE / BOHR);
  if (evaluation.md?.temperature !== undefined) calculation.temperature = evaluation.md.temperature;
  if (evaluation.md?.time !== undefined) calculation.time_physical = evaluation.md.time * FEMTOSECOND;
  if (evaluation.md?.step !== undefined) calculation.step = evaluation.md.step;
  return calculation;
}

function workflowOf(out: Cp2kOutput): Section {
  if (out.runType === 'MD')
    return molecularDynamics({
      ...(out.ensemble ? { thermodynamic_ensemble: out.ensemble } : {}),
      ...(out.timeStep !== undefined ? { integration_timestep: out.timeStep * FEMTOSECOND } : {}),
    });
  if (out.runType === 'GEO_OPT' || out.runType === 'CELL_OPT')
    return geometryOptimization({ type: out.runType === 'CELL_OPT' ? 'cell_shape' : 'atomic' });
  return singlePoint();
}

/**
 * The archive of an output; `frames` are the MD trajectory's (frame i the geometry of evaluation i),
 * without them every evaluation refers to the initial coordinates.
 */
export function cp2kArchive(out: Cp2kOutput, frames: readonly Cp2kFrame[] = []): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'PROGRAM ENDED': the run did not finish");
  const structures = [structureOf(out.species, out.positions, out.cell)];
  const usable =
    frames.length >= out.evaluations.length &&
    frames.every((f) => f.positions.length === out.positions.length);
  if (frames.length > 0 && !usable)
    warnings.push(
      `the trajectory has ${frames.length} frames of other sizes or fewer than the ${out.evaluations.length} steps: only the initial coordinates are used`,
    );
  if (usable)
    structures.splice(
      0,
      1,
      ...frames.slice(0, out.evaluations.length).map((f) => structureOf(f.species, f.positions, out.cell)),
    );
  const calculations = out.evaluations.map((evaluation, index) =>
    calculationOf(evaluation, usable ? index : 0),
  );
  const run = codeRun('CP2K', out.version, methodOf(out, warnings), structures, calculations);
  return { run, workflow2: workflowOf(out), structure: structures[structures.length - 1]!, warnings };
}
