// From an NWChem output to NOMAD's run and workflow2 sections, in SI units: a method, system and
// calculation per energy (the module prints its settings for each), leaving out the line-search points of
// an optimisation, whose geometries NWChem does not print.
import { ANGSTROM, AU_TIME, BOHR, HARTREE, type Mat3, type Vec3 } from '@oasis/chem';
import type {
  CalculationEnergy,
  EnergyEntry,
  MethodScf,
  RunCalculation,
  RunMethod,
  Workflow,
  XcFunctional,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  frontierOrbitals,
  geometryOptimization,
  molecularDynamics,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import { gaussianBasisRepresentation, molecularOptimizationType } from '../molecular-sections.ts';
import type { NwchemEnergy, NwchemGeometry, NwchemOutput } from './read-nwchem.ts';
import { scfIterationsOf, timesOf } from './timings.ts';

/** libxc names of NWChem's xc keywords (exchange and correlation parts, or a named functional). */
const XC: Readonly<Record<string, readonly string[]>> = {
  b3lyp: ['HYB_GGA_XC_B3LYP'],
  pbe0: ['HYB_GGA_XC_PBEH'],
  xpbe96: ['GGA_X_PBE'],
  cpbe96: ['GGA_C_PBE'],
  becke88: ['GGA_X_B88'],
  lyp: ['GGA_C_LYP'],
  xtpss03: ['MGGA_X_TPSS'],
  ctpss03: ['MGGA_C_TPSS'],
  slater: ['LDA_X'],
  vwn_5: ['LDA_C_VWN'],
  vwn_1_rpa: ['LDA_C_VWN_RPA'],
  m06: ['HYB_MGGA_X_M06', 'MGGA_C_M06'],
  'm06-2x': ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  // Names of the plane-wave (NWPW) module's xc keyword.
  lda: ['LDA_X', 'LDA_C_VWN'],
  pbe96: ['GGA_X_PBE', 'GGA_C_PBE'],
  blyp: ['GGA_X_B88', 'GGA_C_LYP'],
  revpbe: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  hse: ['HYB_GGA_XC_HSE06'],
};

/** The xc line's functionals with their weights ('slater 0.8 becke88 nonlocal 0.72 lyp'; 1 by default). */
function xcOf(xc: string | undefined, warnings: string[]): XcFunctional {
  const weighted: { name: string; weight: number }[] = [];
  let last: { name: string; weight: number }[] = [];
  for (const token of (xc ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    if (/^-?\d*\.?\d+$/.test(token)) {
      for (const item of last) item.weight = Number(token);
      continue;
    }
    if (token === 'local' || token === 'nonlocal') continue;
    const names = XC[token];
    if (!names) {
      warnings.push(`xc ${token} has no libxc names here`);
      last = [];
      continue;
    }
    last = names.map((name) => ({ name, weight: 1 }));
    weighted.push(...last);
  }
  const functional = xcFunctional(weighted.map((w) => w.name));
  for (const kind of [
    functional.exchange,
    functional.correlation,
    functional.hybrid,
    functional.contributions,
  ])
    for (const item of kind ?? []) item.weight = weighted.find((w) => w.name === item.name)!.weight;
  return functional;
}

function methodOf(out: NwchemOutput, energy: NwchemEnergy | undefined, functional: XcFunctional): RunMethod {
  const method: RunMethod = {
    dft: { xc_functional: functional },
    electronic: { method: 'DFT' },
    electrons_representation: out.planeWave
      ? [
          {
            type: 'plane waves',
            scope: ['wavefunction'],
            basis_set: [
              {
                type: 'plane waves',
                ...(energy?.pwCutoff !== undefined ? { cutoff: energy.pwCutoff * HARTREE } : {}),
              },
            ],
          },
        ]
      : gaussianBasisRepresentation(
          out.basis.length > 0 ? out.basis.map((b) => ({ name: b.name, formula: b.element })) : [{}],
        ),
  };
  const scf: MethodScf = {};
  if (energy?.maxIterations !== undefined) scf.n_max_iteration = energy.maxIterations;
  if (energy?.energyTolerance !== undefined) scf.threshold_energy_change = energy.energyTolerance * HARTREE;
  if (energy?.densityTolerance !== undefined) scf.threshold_density_change = energy.densityTolerance;
  if (Object.keys(scf).length > 0) method.scf = scf;
  return method;
}

const structureOf = (geometry: NwchemGeometry): Structure => {
  const structure: Structure = {
    species: geometry.species,
    positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: null,
    periodic: [false, false, false],
  };
  // A plane-wave run is periodic in its cell (bohr).
  if (geometry.cell?.length === 3) {
    structure.lattice = geometry.cell.map((v) => v.map((x) => x * BOHR)) as Mat3;
    structure.periodic = [true, true, true];
  }
  return structure;
};

function calculationOf(energy: NwchemEnergy, systemIndex: number, methodIndex: number): RunCalculation {
  const values: CalculationEnergy = { ...frontierOrbitals(energy.orbitals, HARTREE) };
  if (energy.energy !== undefined) values.total = { value: energy.energy * HARTREE };
  // The reader names the terms by NOMAD's energy names (xc, coulomb, nuclear_repulsion, ...).
  for (const [name, value] of Object.entries(energy.terms))
    (values as Record<string, EnergyEntry>)[name] = { value: value * HARTREE };
  const calculation: RunCalculation = calculationRefs(systemIndex, methodIndex);
  if (Object.keys(values).length > 0) calculation.energy = values;
  Object.assign(calculation, scfIterationsOf(energy));
  // NWChem prints the energy gradient; the forces are its negative.
  if (energy.gradient)
    calculation.forces = {
      total: { value: energy.gradient.map((g) => g.map((x) => (-x * HARTREE) / BOHR)) },
    };
  if (energy.spinS2 !== undefined) calculation.spin_S2 = energy.spinS2;
  return calculation;
}

function workflowOf(out: NwchemOutput, structures: readonly Structure[], nSteps: number): Workflow {
  const task = out.task ?? '';
  const type = molecularOptimizationType(structures);
  // A saddle task searches a transition state: an optimisation to a saddle point.
  if (/\bsaddle\b/.test(task))
    return geometryOptimization({ type, method: 'saddle_point_search' }, out.optimizationConverged);
  if (/\boptimize\b/.test(task)) return geometryOptimization({ type }, out.optimizationConverged);
  if (/\bqmd\b/.test(task))
    return molecularDynamics({
      n_steps: nSteps,
      ...(out.qmdTimeStep !== undefined ? { integration_timestep: out.qmdTimeStep * AU_TIME } : {}),
    });
  return singlePoint();
}

export function nwchemArchive(out: NwchemOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Total times': the run did not finish");
  if (out.energies.every((e) => e.energy === undefined))
    warnings.push('the output has a geometry but no energy: the run stopped before its first one');
  const optimization = /\b(optimize|saddle)\b/.test(out.task ?? '');
  const steps = optimization ? out.energies.filter((e) => e.ownGeometry) : out.energies;
  const { geometries, systemIndex } = systemsOfSteps(steps);
  const functional = xcOf(out.xc, warnings);
  const methods = steps.map((step) => methodOf(out, step, functional));
  const times = timesOf(steps);
  const calculations = steps.map((step, index) => ({
    ...calculationOf(step, systemIndex[index]!, index),
    ...times[index],
  }));
  const structures = geometries.map(structureOf);
  const run = codeRun(
    'NWChem',
    out.version,
    methods[0] ?? methodOf(out, undefined, functional),
    structures,
    calculations,
  );
  if (methods.length > 1) run.method = methods;
  if (out.wallTime !== undefined) run.time_run = { wall_start: 0, wall_end: out.wallTime };
  return {
    run,
    workflow2: workflowOf(out, structures, steps.length),
    structure: structures[structures.length - 1]!,
    warnings,
  };
}
