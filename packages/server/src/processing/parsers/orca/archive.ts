// From an ORCA output to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  frontierOrbitals,
  geometryOptimization,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { OrcaGeometry, OrcaOutput, OrcaStep } from './read-orca.ts';

type Section = Record<string, unknown>;

/** libxc names of ORCA's functional keywords (as written after '!', case-insensitive). */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  'B3LYP/G': ['HYB_GGA_XC_B3LYP'],
  BP86: ['GGA_X_B88', 'GGA_C_P86'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  TPSSH: ['HYB_MGGA_XC_TPSSH'],
  M062X: ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  WB97X: ['HYB_GGA_XC_WB97X'],
  'WB97X-D3': ['HYB_GGA_XC_WB97X_D3'],
  REVPBE: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  LDA: ['LDA_X', 'LDA_C_VWN'],
};

function methodOf(out: OrcaOutput, warnings: string[]): Section {
  const keyword = out.keywords.find((k) => FUNCTIONALS[k.toUpperCase()]);
  const names = keyword ? FUNCTIONALS[keyword.toUpperCase()]! : undefined;
  const method: Section = {
    electronic: { n_spin_channels: (out.multiplicity ?? 1) > 1 ? 2 : 1 },
    basis_set: [{ type: 'gaussians', ...(out.basis ? { name: out.basis } : {}) }],
  };
  if (names) {
    (method.electronic as Section).method = 'DFT';
    const functional = xcFunctional(names);
    method.dft = { xc_functional: functional };
  } else if (out.exchange)
    warnings.push(
      `the functional (exchange ${out.exchange}, correlation ${out.correlation ?? '-'}) has no libxc names here`,
    );
  // NOMAD names Grimme's corrections by their year: D2 is G06, D3 (either damping) G10.
  const electronic = method.electronic as Section;
  if (out.keywords.some((k) => /^D3(BJ|ZERO)?$/i.test(k))) electronic.van_der_waals_method = 'G10';
  else if (out.keywords.some((k) => /^D2$/i.test(k))) electronic.van_der_waals_method = 'G06';
  if (out.charge !== undefined) method.x_orca_charge = out.charge;
  if (out.multiplicity !== undefined) method.x_orca_multiplicity = out.multiplicity;
  method.x_orca_keywords = out.keywords;
  return method;
}

const structureOf = (geometry: OrcaGeometry): Structure => ({
  species: geometry.species,
  positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
  lattice: null,
  periodic: [false, false, false],
});

function calculationOf(step: OrcaStep, systemIndex: number): Section {
  const energy: Section = {
    total: { value: step.energy! * HARTREE },
    ...frontierOrbitals(step.orbitals.flat(), HARTREE),
  };
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy,
  };
  Object.assign(calculation, scfIterations(step.iterations, HARTREE));
  if (step.converged !== undefined) calculation.calculation_converged = step.converged;
  // Forces are the negative gradient.
  if (step.gradient) calculation.forces = forcesSection(step.gradient, -HARTREE / BOHR);
  return calculation;
}

export function orcaArchive(out: OrcaOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'ORCA TERMINATED NORMALLY': the run did not finish");
  const structures = out.steps.map((step) => structureOf(step.geometry));
  const run = codeRun('ORCA', out.version, methodOf(out, warnings), structures, out.steps.map(calculationOf));
  const optimization = out.keywords.some((k) => /^(opt|tightopt|looseopt|verytightopt|copt|zopt)$/i.test(k));
  const workflow2: Section = optimization
    ? geometryOptimization({}, out.optimizationConverged)
    : singlePoint();
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
