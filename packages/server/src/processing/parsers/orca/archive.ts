// From an ORCA output to NOMAD's run and workflow2 sections, in SI units: a method, system and
// calculation per SCF (an optimisation cycle each), and a method of its own for a coupled-cluster or
// TD-DFT treatment after the SCF.
import { ANGSTROM, BOHR, ELEMENTARY_CHARGE, HARTREE, PLANCK, SPEED_OF_LIGHT, type Vec3 } from '@oasis/chem';
import type {
  CalculationEnergy,
  MethodElectronic,
  MethodScf,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import {
  calculationRefs,
  codeRun,
  frontierOrbitals,
  geometryOptimization,
  scfIterations,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import {
  atomicCharges,
  gaussianBasisRepresentation,
  molecularEigenvalues,
  molecularOptimizationType,
} from '../molecular-sections.ts';
import type { OrcaGeometry, OrcaOutput, OrcaStep } from './read-orca.ts';

/** Joules per reciprocal centimetre (h c × 100 m⁻¹). */
const PER_CM_ENERGY = PLANCK * SPEED_OF_LIGHT * 100;

/** libxc names of ORCA's functional keywords (as written after '!', case-insensitive). */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  // ORCA's B3LYP takes VWN5 for the local correlation, B3LYP/G the VWN (RPA) of Gaussian and libxc's B3LYP.
  B3LYP: ['HYB_GGA_XC_B3LYP5'],
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
  LSD: ['LDA_X', 'LDA_C_VWN'],
};

/** Orbital basis keywords of the '!' line (not the /J, /C auxiliary ones). */
const BASIS_KEYWORD =
  /^(def2-|ma-def2|def-|(aug-)?cc-p|pc-|6-3|3-21|sto-|(d|t|q)?z?svp$|sv\(p\)$|(q|t)zvpp?$|ano-|x2c-)/i;

function scfMethod(out: OrcaOutput, warnings: string[]): WithCodeSpecific<RunMethod> {
  const keyword = out.keywords.find((k) => FUNCTIONALS[k.toUpperCase()]);
  const names = keyword ? FUNCTIONALS[keyword.toUpperCase()]! : undefined;
  const electronic: MethodElectronic = { n_spin_channels: (out.multiplicity ?? 1) > 1 ? 2 : 1 };
  if (out.charge !== undefined) electronic.charge = out.charge * ELEMENTARY_CHARGE;
  const basisName = out.basis ?? out.keywords.find((k) => BASIS_KEYWORD.test(k) && !k.includes('/'));
  const method: WithCodeSpecific<RunMethod> = {
    electronic,
    electrons_representation: gaussianBasisRepresentation([
      ...out.basisGroups.map((group) => ({
        name: basisName,
        formula: group.element,
        extra: {
          x_orca_basis_set_atom_labels: group.element,
          x_orca_basis_set: group.primitives,
          x_orca_basis_set_contracted: group.contracted,
        },
      })),
      {
        name: basisName,
        extra:
          out.nPrimitives !== undefined ? { x_orca_nb_of_primitive_gaussian_functions: out.nPrimitives } : {},
      },
    ]),
  };
  const scf: MethodScf = {};
  if (out.maxIterations !== undefined) scf.n_max_iteration = out.maxIterations;
  if (out.toleranceEnergy !== undefined) scf.threshold_energy_change = out.toleranceEnergy * HARTREE;
  if (out.toleranceRmsDensity !== undefined) scf.threshold_density_change = out.toleranceRmsDensity;
  if (Object.keys(scf).length > 0) method.scf = scf;
  if (names) {
    electronic.method = 'DFT';
    method.dft = { xc_functional: xcFunctional(names) };
  } else if (out.exchange)
    warnings.push(
      `the functional (exchange ${out.exchange}, correlation ${out.correlation ?? '-'}) has no libxc names here`,
    );
  else if (out.keywords.some((k) => /^(U|RO|R)?HF$/i.test(k))) electronic.method = 'HF';
  // NOMAD names Grimme's corrections by their year: D2 is G06, D3 (either damping) G10.
  if (out.keywords.some((k) => /^D3(BJ|ZERO)?$/i.test(k))) electronic.van_der_waals_method = 'G10';
  else if (out.keywords.some((k) => /^D2$/i.test(k))) electronic.van_der_waals_method = 'G06';
  if (out.charge !== undefined) method.x_orca_total_charge = out.charge;
  if (out.multiplicity !== undefined) method.x_orca_multiplicity = out.multiplicity;
  return method;
}

const structureOf = (geometry: OrcaGeometry): Structure => ({
  species: geometry.species,
  positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
  lattice: null,
  periodic: [false, false, false],
});

function calculationOf(step: OrcaStep, index: number, methodIndex: number, elapsed: number): RunCalculation {
  const energy: CalculationEnergy = {
    ...(step.energy !== undefined ? { total: { value: step.energy * HARTREE } } : {}),
    ...frontierOrbitals(step.orbitals.flat(), HARTREE),
  };
  const calculation: RunCalculation = calculationRefs(index, methodIndex);
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  Object.assign(calculation, scfIterations(step.iterations, HARTREE));
  if (step.converged !== undefined) calculation.calculation_converged = step.converged;
  const eigenvalues = molecularEigenvalues(step.orbitals, HARTREE);
  if (eigenvalues.length > 0) calculation.eigenvalues = eigenvalues;
  if (step.mulliken) {
    const charges = atomicCharges('mulliken', step.mulliken.atoms);
    // Orbital populations are electron counts, not charges.
    if (step.mulliken.orbitals.length > 0)
      charges.orbital_projected = step.mulliken.orbitals.map((o) => ({
        atom_index: o.atomIndex,
        orbital: o.orbital,
        n_electrons: o.population,
      }));
    calculation.charges = [charges];
  }
  // Forces are the negative gradient.
  if (step.gradient) {
    const value = step.gradient.map((g) => g.map((x) => (-x * HARTREE) / BOHR));
    calculation.forces = { total: { value } };
  }
  if (step.scfTime !== undefined) {
    calculation.time_calculation = step.scfTime;
    calculation.time_physical = elapsed;
  }
  if (step.excitations && step.excitations.length > 0)
    calculation.spectra = [
      {
        type: 'absorption',
        n_energies: step.excitations.length,
        excitation_energies: step.excitations.map((e) => e.energy * PER_CM_ENERGY),
        oscillator_strengths: step.excitations.map((e) => e.oscillatorStrength),
        transition_dipole_moments: step.excitations.map((e) =>
          e.dipole.map((d) => d * ELEMENTARY_CHARGE * BOHR),
        ),
      },
    ];
  return calculation;
}

export function orcaArchive(out: OrcaOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'ORCA TERMINATED NORMALLY': the run did not finish");
  if (out.steps.some((step) => step.energy === undefined))
    warnings.push("a geometry has no 'FINAL SINGLE POINT ENERGY': its calculation has no total energy");
  const structures = out.steps.map((step) => structureOf(step.geometry));
  const base = scfMethod(out, warnings);
  // One method per SCF (ORCA prints its settings and grids for each), then the post-SCF ones.
  const methods: RunMethod[] = out.steps.map(() => structuredClone(base));
  let elapsed = 0;
  const calculations = out.steps.map((step, index) => {
    let methodIndex = index;
    const post = step.correlated?.method ?? (step.excitations ? 'TDDFT' : undefined);
    if (post) {
      methods.push({
        electronic: { ...base.electronic, method: post },
        ...(post === 'TDDFT' && base.dft ? { dft: base.dft } : {}),
        electrons_representation: base.electrons_representation,
      });
      methodIndex = methods.length - 1;
    }
    elapsed += step.scfTime ?? 0;
    const calculation = calculationOf(step, index, methodIndex, elapsed);
    // The correlated energy is the step's total; the SCF one stays its last iteration.
    if (step.correlated?.energy !== undefined && step.energy === undefined)
      calculation.energy = {
        ...calculation.energy,
        total: { value: step.correlated.energy * HARTREE },
      };
    return calculation;
  });
  const run = codeRun('ORCA', out.version, base, structures, calculations);
  run.method = methods;
  if (out.runTime !== undefined) run.time_run = { wall_start: 0, wall_end: out.runTime };
  const optimization = out.keywords.some((k) =>
    /^(opt|tightopt|looseopt|verytightopt|copt|zopt|gdiis-opt|optts|scants)$/i.test(k),
  );
  // OptTS and ScanTS search a transition state: an optimisation to a saddle point.
  const saddle = out.keywords.some((k) => /^(optts|scants)$/i.test(k));
  const workflow2: Workflow = optimization
    ? geometryOptimization(
        { type: molecularOptimizationType(structures), ...(saddle ? { method: 'saddle_point_search' } : {}) },
        out.optimizationConverged,
      )
    : singlePoint();
  return { run, workflow2, structure: withoutPointCharges(structures[structures.length - 1]!), warnings };
}

/** The entry's material leaves out the embedding point charges ('Q') the run's systems keep. */
function withoutPointCharges(structure: Structure): Structure {
  const keep = structure.species.map((s) => s !== 'Q');
  if (keep.every(Boolean) || !keep.some(Boolean)) return structure;
  return {
    ...structure,
    species: structure.species.filter((_, i) => keep[i]),
    positions: structure.positions.filter((_, i) => keep[i]),
  };
}
