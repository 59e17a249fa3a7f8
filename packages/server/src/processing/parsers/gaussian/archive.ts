// From a Gaussian log to NOMAD's run and workflow2 sections, in SI units.
import { CHEMICAL_SYMBOLS } from '../../elements.ts';
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  geometryOptimization,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { GaussianGeometry, GaussianLog, GaussianScf } from './read-gaussian.ts';

type Section = Record<string, unknown>;

/** Reciprocal metres per reciprocal centimetre. */
const PER_CM = 100;

/** libxc names of Gaussian's functional keywords (the route's method, spin prefix R/U/RO removed). */
const XC: Readonly<Record<string, readonly string[]>> = {
  SVWN: ['LDA_X', 'LDA_C_VWN_RPA'],
  SVWN5: ['LDA_X', 'LDA_C_VWN'],
  'S-VWN': ['LDA_X', 'LDA_C_VWN_RPA'],
  B3LYP: ['HYB_GGA_XC_B3LYP'],
  PBEPBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  PBE1PBE: ['HYB_GGA_XC_PBEH'],
  BLYP: ['GGA_X_B88', 'GGA_C_LYP'],
  BP86: ['GGA_X_B88', 'GGA_C_P86'],
  B3PW91: ['HYB_GGA_XC_B3PW91'],
  HSEH1PBE: ['HYB_GGA_XC_HSE06'],
  M062X: ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  CAMB3LYP: ['HYB_GGA_XC_CAM_B3LYP'],
  WB97XD: ['HYB_GGA_XC_WB97X_D'],
  TPSSTPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
};

/** The route's method and basis set ('#p B3LYP/6-31G(d) opt freq' -> B3LYP, 6-31G(d)). */
function methodAndBasis(route: string | undefined): { method?: string; basis?: string } {
  // '#', or '#p', '#n', '#t' (print levels) followed by a space, start the route.
  const token = (route ?? '')
    .replace(/^#(?:[pnt]\s+|\s*)/i, '')
    .split(/\s+/)
    .find((part) => part.includes('/') && !part.includes('='));
  if (!token) return {};
  const [method, basis] = token.split('/');
  return { method, basis };
}

const withoutSpinPrefix = (name: string) => name.replace(/^(RO|R|U)(?=[A-Z])/i, '');

function methodOf(log: GaussianLog, warnings: string[]): Section {
  const { method: routeMethod, basis } = methodAndBasis(log.route);
  const scfMethod = log.scfs[0]?.method ?? '';
  const name = withoutSpinPrefix((routeMethod ?? scfMethod).toUpperCase());
  const unrestricted = /^U/i.test(scfMethod) || (log.multiplicity ?? 1) > 1;
  const method: Section = {
    electronic: { n_spin_channels: unrestricted ? 2 : 1 },
    basis_set: [{ type: 'gaussians', ...(basis ? { name: basis } : {}) }],
  };
  const names = XC[name.replace(/-/g, '')] ?? XC[name];
  if (names) {
    (method.electronic as Section).method = 'DFT';
    const functional = xcFunctional(names);
    method.dft = { xc_functional: functional };
  } else if (name) warnings.push(`the method ${name} is kept by name only (no libxc functional for it here)`);
  method.x_gaussian_method = name;
  if (log.charge !== undefined) method.x_gaussian_charge = log.charge;
  if (log.multiplicity !== undefined) method.x_gaussian_spin_multiplicity = log.multiplicity;
  return method;
}

function structureOf(geometry: GaussianGeometry): Structure {
  return {
    species: geometry.atomicNumbers.map((z) => (z > 0 ? CHEMICAL_SYMBOLS[z] : undefined) ?? 'X'),
    positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
    lattice: null,
    periodic: [false, false, false],
  };
}

function calculationOf(scf: GaussianScf, systemIndex: number): Section {
  const energy: Section = { total: { value: scf.energy * HARTREE } };
  const occupied = scf.occupied.flat();
  const virtual = scf.virtual.flat();
  if (occupied.length > 0) energy.highest_occupied = Math.max(...occupied) * HARTREE;
  if (virtual.length > 0) energy.lowest_unoccupied = Math.min(...virtual) * HARTREE;
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy,
  };
  if (scf.cycles !== undefined) calculation.n_scf_iterations = scf.cycles;
  if (scf.forces) calculation.forces = forcesSection(scf.forces, HARTREE / BOHR);
  return calculation;
}

export function gaussianArchive(log: GaussianLog): CodeArchive {
  const warnings: string[] = [];
  if (log.errorTermination) warnings.push('Gaussian ended with an error termination');
  else if (log.terminations === 0)
    warnings.push("the log has no 'Normal termination': the job did not finish");
  const { geometries, systemIndex } = systemsOfSteps(log.scfs);
  const calculations = log.scfs.map((step, index) => calculationOf(step, systemIndex[index]!));
  const last = calculations[calculations.length - 1]!;
  if (log.frequencies.length > 0)
    last.vibrational_frequencies = [{ value: log.frequencies.map((f) => f * PER_CM) }];
  if (log.zeroPointEnergy !== undefined)
    (last.energy as Section).zero_point = { value: log.zeroPointEnergy * HARTREE };
  const structures = geometries.map(structureOf);
  const run = codeRun('Gaussian', log.version, methodOf(log, warnings), structures, calculations);
  if (log.route) run.x_gaussian_route = log.route;
  const optimization = /\bopt\b/i.test(log.route ?? '');
  const workflow2: Section = optimization
    ? geometryOptimization({}, log.optimizationCompleted)
    : singlePoint();
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
