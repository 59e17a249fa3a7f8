// From a TURBOMOLE output to NOMAD's run and workflow2 sections, in SI units: a method, system and
// calculation per module (dscf, grad, statpt, ...), a further calculation and method per correlated
// energy printed before the module's final one (MP2 and CCSD before CCSD(T)), and one per temperature and
// pressure of freeh; the systems of an embedding in point charges follow their module's system.
import { AVOGADRO, BOHR, ELECTRON_VOLT, HARTREE, atomicNumber, type Mat3, type Vec3 } from '@oasis/chem';
import type {
  BandEnergies,
  BasisSetContainer,
  CalculationEnergy,
  RunCalculation,
  RunMethod,
  RunSystem,
  WithCodeSpecific,
  Workflow,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import { systemSection } from '../../run-sections.ts';
import {
  type CodeArchive,
  frontierOrbitals,
  geometryOptimization,
  singlePoint,
  xcFunctional,
} from '../code-sections.ts';
import { molecularEigenvalues, molecularOptimizationType } from '../molecular-sections.ts';
import type { TurbomoleGeometry, TurbomoleModule, TurbomoleOutput } from './read-turbomole.ts';
import { thermoCalculations } from './thermo.ts';

/** libxc names of TURBOMOLE's functional names as its output prints them. */
const FUNCTIONALS: Readonly<Record<string, readonly string[]>> = {
  'S-VWN': ['LDA_X', 'LDA_C_VWN_3'],
  PWLDA: ['LDA_X', 'LDA_C_PW'],
  'B-VWN': ['GGA_X_B88', 'LDA_C_VWN'],
  'B-LYP': ['GGA_X_B88', 'GGA_C_LYP'],
  'B-P': ['GGA_X_B88', 'GGA_C_P86'],
  'B-P86': ['GGA_X_B88', 'GGA_C_P86'],
  PBE: ['GGA_X_PBE', 'GGA_C_PBE'],
  TPSS: ['MGGA_X_TPSS', 'MGGA_C_TPSS'],
  M06: ['MGGA_X_M06', 'MGGA_C_M06'],
  'BH-LYP': ['HYB_GGA_XC_BHANDHLYP'],
  'B3-LYP': ['HYB_GGA_XC_B3LYP'],
  PBE0: ['HYB_GGA_XC_PBEH'],
  TPSSh: ['HYB_MGGA_XC_TPSSH'],
  'M06-2X': ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
  'B2-PLYP': ['HYB_GGA_XC_B2PLYP'],
};

/** NOMAD's names of ricc2's wavefunction models. */
const MODELS: Readonly<Record<string, string>> = {
  MP2: 'MP2',
  CCS: 'CCS',
  CIS: 'CIS',
  'CIS(D)': 'CISD',
  'CIS(Dinf)': 'CISD',
  'ADC(2)': 'ADC(2)',
  CC2: 'CC2',
  CCSD: 'CCSD',
  'CCSD(T)': 'CCSD(T)',
  'CCSD(T0)': 'CCSD(T0)',
};

const toStructure = (geometry: TurbomoleGeometry, cell?: readonly Vec3[]): Structure => ({
  species: geometry.species,
  positions: geometry.positions.map((p) => p.map((x) => x * BOHR) as Vec3),
  lattice: cell && cell.length === 3 ? (cell.map((v) => v.map((x) => x * BOHR)) as Mat3) : null,
  periodic: cell ? [true, true, true] : [false, false, false],
});

function basisRepresentation(module: TurbomoleModule): BasisSetContainer[] {
  return module.basisSets
    .filter((basis) => basis.rows.length > 0)
    .map((basis) => ({
      type: 'atom-centered orbitals',
      scope: [basis.auxiliary ? 'density' : 'wavefunction'],
      basis_set: [
        {
          type: 'gaussians',
          atom_centered: basis.rows.map((row) => {
            const symbol = row.symbol.charAt(0).toUpperCase() + row.symbol.slice(1);
            return {
              name: row.name,
              formula: symbol,
              atom_number: atomicNumber(symbol) ?? 0,
              ...(basis.spherical ? { n_basis_functions: row.contracted } : {}),
            };
          }),
        },
      ],
    }));
}

const electronicMethod = (module: TurbomoleModule): string | undefined => {
  if (module.wavefunctionModel) return MODELS[module.wavefunctionModel] ?? module.wavefunctionModel;
  if (module.functional) return 'DFT';
  if (module.gw) return 'G0W0';
  if (module.scf.length > 0) return 'HF';
  return undefined;
};

function methodOf(module: TurbomoleModule, warnings: string[]): WithCodeSpecific<RunMethod> {
  const spin = module.gw?.spinChannels ?? (module.uhf ? 2 : 1);
  const name = electronicMethod(module);
  const method: WithCodeSpecific<RunMethod> = {
    electronic: { n_spin_channels: spin, ...(name ? { method: name } : {}) },
  };
  if (module.functional) {
    const names = FUNCTIONALS[module.functional];
    if (names) method.dft = { xc_functional: xcFunctional(names) };
    else warnings.push(`${module.name}: the functional ${module.functional} has no libxc names here`);
  }
  if (module.d3Version) {
    method.electronic!.van_der_waals_method = 'DFT-D3';
    method.x_turbomole_dft_d3_version = module.d3Version;
  }
  const species = [...new Set(module.geometry?.species ?? [])];
  if (species.length > 0)
    method.atom_parameters = species.map((label) => ({ label, atom_number: atomicNumber(label) ?? 0 }));
  const representation = basisRepresentation(module);
  if (representation.length > 0) method.electrons_representation = representation;
  if (module.gw) {
    method.x_turbomole_gw_approximation = module.gw.type === 1 ? 'GW0' : 'G0W0';
    if (module.gw.eta !== undefined) method.x_turbomole_gw_eta_factor = module.gw.eta * HARTREE;
  }
  return method;
}

/** GW quasi-particle states (eV columns eps, QP-eps, Sigma, Sigma_x, Sigma_c, Vxc, Z, dS/de) per spin. */
function gwEigenvalues(gw: NonNullable<TurbomoleModule['gw']>): BandEnergies | undefined {
  const tables = gw.spinChannels > 1 ? gw.states.slice(-gw.spinChannels) : gw.states.slice(-1);
  if (tables.length === 0) return undefined;
  const n = Math.min(...tables.map((t) => t.length));
  const column = (k: number, unit: number) => tables.map((t) => [t.slice(0, n).map((row) => row[k]! * unit)]);
  return {
    n_spin_channels: tables.length,
    n_kpoints: 1,
    n_bands: n,
    value_ks: column(0, ELECTRON_VOLT),
    value_qp: column(1, ELECTRON_VOLT),
    value_xc: column(2, ELECTRON_VOLT),
    value_exchange: column(3, ELECTRON_VOLT),
    value_correlation: column(4, ELECTRON_VOLT),
    value_ks_xc: column(5, ELECTRON_VOLT),
    qp_linearization_prefactor: column(6, 1),
  };
}

const entry = (value: number) => ({ value: value * HARTREE });

function energyOf(module: TurbomoleModule): CalculationEnergy {
  const energy: CalculationEnergy = {};
  const final = module.correlated.at(-1);
  const total = final?.energy ?? module.total ?? module.scfEnergy;
  if (total !== undefined) energy.total = entry(total);
  if (final?.correlation !== undefined) energy.current = entry(final.correlation);
  if (module.scfPlusZeroPoint !== undefined) energy.current = entry(module.scfPlusZeroPoint);
  if (module.kinetic !== undefined) energy.kinetic_electronic = entry(module.kinetic);
  if (module.zeroPoint !== undefined) energy.zero_point = entry(module.zeroPoint);
  else if (module.zeroPointKjMol !== undefined)
    energy.zero_point = { value: (module.zeroPointKjMol * 1000) / AVOGADRO };
  if (module.dispersionEnergy !== undefined)
    energy.van_der_waals = { ...entry(module.dispersionEnergy), kind: 'DFTD3' };
  return energy;
}

function scfOf(
  module: TurbomoleModule,
  start: number,
): Pick<RunCalculation, 'n_scf_iterations' | 'scf_iteration'> {
  if (module.scf.length > 0)
    return {
      n_scf_iterations: module.scf.length,
      scf_iteration: module.scf.map((it) => {
        const iteration: WithCodeSpecific<NonNullable<RunCalculation['scf_iteration']>[number]> = {
          energy: { total: entry(it.total), ...(it.xc !== undefined ? { xc: entry(it.xc) } : {}) },
          x_turbomole_energy_1electron_scf_iteration: it.oneElectron * HARTREE,
          x_turbomole_energy_2electron_scf_iteration: it.twoElectron * HARTREE,
        };
        if (it.deltaEigenvalues !== undefined)
          iteration.x_turbomole_delta_eigenvalues = it.deltaEigenvalues * ELECTRON_VOLT;
        if (it.diis !== undefined) iteration.x_turbomole_norm_diis_scf_iteration = it.diis;
        return iteration;
      }),
    };
  if (module.ccIterations.length === 0) return {};
  let clock = start;
  return {
    n_scf_iterations: module.ccIterations.length,
    scf_iteration: module.ccIterations.map((it) => {
      clock += it.wall;
      return { energy: { total: entry(it.energy) }, time_calculation: it.wall, time_physical: clock };
    }),
  };
}

/** The module's own calculation (its energies, forces, SCF, Hessian, GW states, timings). */
function calculationOf(module: TurbomoleModule, start: number): WithCodeSpecific<RunCalculation> {
  const calculation: WithCodeSpecific<RunCalculation> = {};
  const energy = energyOf(module);
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  Object.assign(calculation, scfOf(module, start));
  if (module.scfConverged !== undefined) calculation.calculation_converged = module.scfConverged;
  if (module.virial !== undefined) calculation.x_turbomole_virial_theorem = module.virial;
  // Forces are the negative gradient.
  if (module.gradient)
    calculation.forces = {
      total: { value: module.gradient.map((g) => g.map((x) => (-x * HARTREE) / BOHR)) },
    };
  if (module.hessian) {
    const n = module.hessian.length / 3;
    const unit = HARTREE / BOHR ** 2;
    calculation.hessian_matrix = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) =>
        [0, 1, 2].map((a) => [0, 1, 2].map((b) => module.hessian![3 * i + a]![3 * j + b]! * unit)),
      ),
    );
  }
  if (module.frequencies.length > 0) {
    const n = module.frequencies.length;
    calculation.vibrational_frequencies = [
      {
        n_frequencies: n,
        value: module.frequencies.map((f) => f * 100),
        ...(module.intensities.length === n
          ? { infrared: { n_vibrations: n, intensity: module.intensities } }
          : {}),
      },
    ];
  }
  // The orbitals printed around the frontier (a window, not all of them) and the frontier energies.
  const orbitals = molecularEigenvalues(module.orbitals, HARTREE);
  const gw = module.gw && gwEigenvalues(module.gw);
  if (orbitals.length > 0 || gw) calculation.eigenvalues = [...orbitals, ...(gw ? [gw] : [])];
  if (module.orbitals.length > 0)
    calculation.energy = { ...calculation.energy, ...frontierOrbitals(module.orbitals.flat(), HARTREE) };
  if (module.wallTime !== undefined) {
    calculation.time_calculation = module.wallTime;
    calculation.time_physical = start + module.wallTime;
  }
  return calculation;
}

/** 'YYYY-MM-DD hh:mm:ss.sss' as seconds since the epoch (TURBOMOLE prints no zone: read as UTC). */
const epoch = (date: string): number => Date.parse(`${date.replace(/\s+/, 'T')}Z`) / 1000;

function workflowOf(out: TurbomoleOutput, structures: readonly Structure[]): Workflow {
  const options = out.modules.find((m) => Object.keys(m.statptOptions).length > 0)?.statptOptions;
  if (!options) return singlePoint();
  const value = (label: string, unit: number) => {
    const number = Number(options[label]);
    return Number.isFinite(number) ? number * unit : undefined;
  };
  const method: Record<string, unknown> = { type: molecularOptimizationType(structures) };
  if (options['Hessian update method']) method.method = options['Hessian update method'];
  const tolerances: [string, string, number][] = [
    ['convergence_tolerance_energy_difference', 'Threshold for energy change', HARTREE],
    ['convergence_tolerance_displacement_maximum', 'Threshold for max displacement element', BOHR],
    ['convergence_tolerance_force_maximum', 'Threshold for max gradient element', HARTREE / BOHR],
    ['x_turbomole_geometry_optimization_trustregion_max', 'Maximum allowed trust radius', BOHR],
    ['x_turbomole_geometry_optimization_trustregion_min', 'Minimum allowed trust radius', BOHR],
    ['x_turbomole_geometry_optimization_trustregion_initial', 'Initial trust radius', BOHR],
  ];
  for (const [name, label, unit] of tolerances) {
    const found = value(label, unit);
    if (found !== undefined) method[name] = found;
  }
  return geometryOptimization(method, out.optimizationConverged);
}

export function turbomoleArchive(out: TurbomoleOutput): CodeArchive {
  const warnings: string[] = [];
  const last = out.modules.at(-1)!;
  if (!last.finished) warnings.push(`the ${last.name} module has no 'all done': the run did not finish`);
  const methods: RunMethod[] = [];
  const systems: RunSystem[] = [];
  const calculations: RunCalculation[] = [];
  const structures: Structure[] = [];
  let geometry: TurbomoleGeometry | undefined;
  let clock = 0;
  for (const module of out.modules) {
    geometry = module.geometry ?? geometry;
    if (!geometry) continue;
    const structure = toStructure(geometry);
    structures.push(structure);
    const systemIndex = systems.length;
    systems.push(systemSection(structure));
    for (const part of module.embedding) systems.push(systemSection(toStructure(part.geometry, part.cell)));
    const methodIndex = methods.length;
    methods.push(methodOf(module, warnings));
    const mainIndex = calculations.length;
    const main = calculationOf(module, clock);
    Object.assign(main, {
      system_ref: `/run/0/system/${systemIndex}`,
      method_ref: `/run/0/method/${methodIndex}`,
    });
    calculations.push(main);
    clock += module.wallTime ?? 0;
    const related = {
      system_ref: `/run/0/system/${systemIndex}`,
      starting_calculation_ref: `/run/0/calculation/${mainIndex}`,
      calculations_ref: [`/run/0/calculation/${mainIndex}`],
    };
    // The correlated energies printed before the module's final one, each with a method of its own.
    for (const box of module.correlated.slice(0, -1)) {
      methods.push({ electronic: { method: MODELS[box.method] ?? box.method } });
      calculations.push({
        ...related,
        method_ref: `/run/0/method/${methods.length - 1}`,
        energy: {
          total: entry(box.energy),
          ...(box.correlation !== undefined ? { current: entry(box.correlation) } : {}),
        },
      });
    }
    for (const thermo of thermoCalculations(module.thermo)) calculations.push({ ...related, ...thermo });
  }
  if (structures.length === 0) throw new Error('the output has no atomic coordinates');
  const version = out.modules.find((m) => m.version)?.version;
  const run: WithCodeSpecific<CodeArchive['run']> = {
    program: { name: 'TURBOMOLE', ...(version ? { version } : {}) },
    method: methods,
    system: systems,
    calculation: calculations,
  };
  const dated = out.modules.filter((m) => m.dates.length === 2);
  if (dated.length > 0)
    run.time_run = { date_start: epoch(dated[0]!.dates[0]!), date_end: epoch(dated.at(-1)!.dates[1]!) };
  return { run, workflow2: workflowOf(out, structures), structure: structures.at(-1)!, warnings };
}
