// From a DL_POLY OUTPUT (with FIELD, CONFIG and HISTORY) to NOMAD's run and workflow2 sections in SI
// units: the force field and molecule types, the initial and trajectory systems, one calculation per
// printed step, the molecular-dynamics workflow.
import {
  ANGSTROM,
  ATOMIC_MASS_UNIT,
  atomicNumber,
  AVOGADRO,
  BOLTZMANN,
  ELECTRON_VOLT,
  ELEMENTARY_CHARGE,
  PICOSECOND,
  type Mat3,
  type Vec3,
} from '@oasis/chem';
import type {
  CalculationEnergy,
  ForceCalculations,
  MolecularDynamicsMethod,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  WithCodeSpecific,
} from '@oasis/schema';
import { systemSection } from '../../run-sections.ts';
import type { Structure } from '../../structure.ts';
import { molecularDynamics, thermodynamicEnsemble, type CodeArchive } from '../code-sections.ts';
import type { DlpolyFrame } from './read-config.ts';
import type { DlpolyField, FieldTerm } from './read-field.ts';
import type { ControlValue, DlpolyOutput } from './read-output.ts';

const ATMOSPHERE = 101325;
/** Statistics print pressures in katm. */
const KILO_ATMOSPHERE = 1000 * ATMOSPHERE;
/** DL_POLY's internal force unit, amu Å/ps², in N. */
const FORCE_UNIT = (ATOMIC_MASS_UNIT * ANGSTROM) / PICOSECOND ** 2;
const VELOCITY_UNIT = ANGSTROM / PICOSECOND;

/** The energy unit the OUTPUT names (FIELD's 'units'), in J per system: DL_POLY's energies are molar. */
function energyUnitOf(name: string | undefined): number | undefined {
  const unit = (name ?? '').toLowerCase().replace(/\s+/g, '');
  if (unit.startsWith('dl_polyinternal') || unit === 'internal') return 10 / AVOGADRO;
  if (unit.startsWith('kj')) return 1000 / AVOGADRO;
  if (unit.startsWith('kcal')) return 4184 / AVOGADRO;
  if (unit.startsWith('electronvolt') || unit === 'ev') return ELECTRON_VOLT;
  if (unit.startsWith('kelvin') || unit === 'k') return BOLTZMANN;
  return undefined;
}

/** NOMAD's names of FIELD's potential keys. */
const FORMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bond: {
    harm: 'Harmonic',
    mors: 'Morse',
    '12-6': '12-6',
    rhrm: 'Restraint',
    quar: 'Quartic',
    buck: 'Buckingham',
    fene: 'FENE',
    coul: 'Coulombic',
  },
  angle: {
    harm: 'Harmonic',
    quar: 'Quartic',
    thrm: 'Truncated harmonic',
    shrm: 'Screened harmonic',
    bvs1: 'Screened Vessal',
    bvs2: 'Truncated Vessal',
    hcos: 'Harmonic cosine',
    cos: 'Cosine',
  },
  dihedral: {
    cos: 'Cosine',
    harm: 'Harmonic',
    hcos: 'Harmonic cosine',
    cos3: 'Triple cosine',
    ryck: 'Ryckaert-Bellemans',
    rbf: 'Fluorinated Ryckaert-Bellemans',
    opls: 'OPLS',
  },
  inversion: { harm: 'Harmonic', hcos: 'Harmonic cosine', plan: 'Planar', calc: 'Calcite' },
  tether: { harm: 'Harmonic', rhrm: 'Restraint', quar: 'Quartic' },
  vdw: {
    '12-6': '12-6',
    lj: 'Lennard-Jones',
    nm: 'n-m',
    buck: 'Buckingham',
    bhm: 'Born-Huggins-Meyer',
    hbnd: '12-10 H-bond',
    snm: 'Shifted force n-m',
    mors: 'Morse',
    wca: 'WCA',
    tab: 'Table',
  },
  metal: { eam: 'EAM', fnsc: 'Finnis-Sinclair', stch: 'Sutton-Chen', gupt: 'Gupta' },
  'three-body': {
    thrm: 'Truncated harmonic',
    shrm: 'Screened harmonic',
    bvs1: 'Screened Vessal',
    bvs2: 'Truncated Vessal',
    hbnd: 'H-bond',
  },
  'four-body': { harm: 'Harmonic', hcos: 'Harmonic cosine', plan: 'Planar' },
};

const interactionOf = (term: FieldTerm) => {
  const atoms = term.atomIndices ?? term.atomLabels ?? [];
  return {
    type: term.kind,
    functional_form: FORMS[term.kind]?.[term.key] ?? term.key,
    n_interactions: 1,
    n_atoms: atoms.length,
    ...(term.atomIndices ? { atom_indices: [term.atomIndices] } : {}),
    ...(term.atomLabels ? { atom_labels: [term.atomLabels] } : {}),
    n_parameters: term.parameters.length,
    parameters: term.parameters,
  };
};

/** The element of a DL_POLY atom name: its leading symbol ('Na+' Na, 'OW' O, 'HC' H), 'X' if none. */
export function elementOf(name: string): string {
  const match = /^([A-Z][a-z]?)/.exec(name);
  if (!match) {
    const lower = /^([a-z])/.exec(name);
    const symbol = lower ? lower[1]!.toUpperCase() : '';
    return atomicNumber(symbol) ? symbol : 'X';
  }
  if (atomicNumber(match[1]!)) return match[1]!;
  return atomicNumber(match[1]![0]!) ? match[1]![0]! : 'X';
}

function structureOf(frame: DlpolyFrame): Structure {
  const metres = (v: readonly number[]) => v.map((x) => x * ANGSTROM) as Vec3;
  return {
    species: frame.atoms.map((atom) => elementOf(atom.name)),
    positions: frame.atoms.map((atom) => metres(atom.position)),
    lattice: frame.cell ? (frame.cell.map(metres) as Mat3) : null,
    periodic: frame.cell ? [true, true, true] : [false, false, false],
  };
}

function systemOf(frame: DlpolyFrame): RunSystem {
  const system = systemSection(structureOf(frame));
  if (frame.atoms.every((atom) => atom.velocity))
    system.atoms.velocities = frame.atoms.map((atom) => atom.velocity!.map((v) => v * VELOCITY_UNIT));
  return system;
}

/** Fixed bond lengths and rigid bodies of each molecule type (site indices within the molecule). */
const constraintsOf = (field: DlpolyField | undefined): NonNullable<RunSystem['constraint']> =>
  (field?.molecules ?? []).flatMap((molecule) => [
    ...molecule.constraints.map((constraint) => ({
      kind: 'fixed bond length',
      n_constraints: 1,
      n_atoms: 2,
      atom_indices: [constraint.atomIndices],
      parameters: [constraint.length],
    })),
    ...molecule.rigid.map((sites) => ({
      kind: 'static atoms',
      n_constraints: 1,
      n_atoms: sites.length,
      atom_indices: [sites],
    })),
  ]);

const numberIn = (control: Record<string, ControlValue>, ...names: string[]): number | undefined => {
  for (const name of names) {
    const value = control[name];
    if (typeof value === 'number') return value;
  }
  return undefined;
};

const COULOMB: readonly [RegExp, NonNullable<ForceCalculations['coulomb_type']>][] = [
  [/particle mesh ewald/i, 'particle_mesh_ewald'],
  [/ewald/i, 'ewald'],
  [/reaction field/i, 'reaction_field'],
  [/coulombic potential|force-shifted|distance dependent/i, 'cutoff'],
];

function forceCalculationsOf(control: Record<string, ControlValue>): ForceCalculations | undefined {
  const calculations: ForceCalculations = {};
  const realSpace = numberIn(control, 'real space cutoff', 'real space cut off');
  const vdw = numberIn(control, 'vdw cutoff', 'real space cut off (vdw)') ?? realSpace;
  if (vdw !== undefined) calculations.vdw_cutoff = vdw * ANGSTROM;
  const electrostatics = control.Electrostatics;
  const coulomb =
    typeof electrostatics === 'string'
      ? COULOMB.find(([pattern]) => pattern.test(electrostatics))?.[1]
      : undefined;
  if (coulomb) calculations.coulomb_type = coulomb;
  if (coulomb && realSpace !== undefined) calculations.coulomb_cutoff = realSpace * ANGSTROM;
  const shell = numberIn(control, 'border width of Verlet shell');
  if (shell !== undefined && realSpace !== undefined)
    calculations.neighbor_searching = { neighbor_update_cutoff: (realSpace + shell) * ANGSTROM };
  return Object.keys(calculations).length > 0 ? calculations : undefined;
}

function methodOf(output: DlpolyOutput, field: DlpolyField | undefined): WithCodeSpecific<RunMethod> {
  const forceCalculations = forceCalculationsOf(output.control);
  const contributions = [
    ...(field?.molecules ?? []).flatMap((molecule) => molecule.terms.map(interactionOf)),
    ...(field?.potentials ?? []).map(interactionOf),
  ];
  const method: WithCodeSpecific<RunMethod> = {
    force_field: {
      model: [contributions.length > 0 ? { contributions } : {}],
      ...(forceCalculations ? { force_calculations: forceCalculations } : {}),
    },
  };
  if (field && field.molecules.length > 0)
    method.molecule_parameters = field.molecules.map((molecule) => ({
      label: molecule.name,
      n_atoms: molecule.nAtoms,
      atom_parameters: molecule.atoms.map((atom) => ({
        label: atom.label,
        mass: atom.mass * ATOMIC_MASS_UNIT,
        charge: atom.charge * ELEMENTARY_CHARGE,
        x_dl_poly_nrept: atom.repeat,
        ...(atom.frozen !== undefined ? { x_dl_poly_ifrz: atom.frozen } : {}),
        ...(atom.group !== undefined ? { x_dl_poly_igrp: atom.group } : {}),
      })),
    }));
  method.x_dl_poly_control_parameters = output.control;
  return method;
}

/** Where each statistics column goes: an energy term, a contribution, or a calculation quantity. */
type Target =
  | { energy: 'total' | 'van_der_waals' | 'coulomb' }
  | { contribution: string }
  | { quantity: string; factor: number };

const COLUMNS: Readonly<Record<string, Target>> = {
  eng_tot: { energy: 'total' },
  eng_vdw: { energy: 'van_der_waals' },
  eng_cou: { energy: 'coulomb' },
  eng_cfg: { contribution: 'configurational' },
  eng_src: { contribution: 'short_range' },
  eng_bnd: { contribution: 'bond' },
  eng_ang: { contribution: 'angle' },
  eng_dih: { contribution: 'dihedral' },
  eng_tet: { contribution: 'tethering' },
  eng_shl: { contribution: 'core_shell' },
  temp_tot: { quantity: 'temperature', factor: 1 },
  temp_rot: { quantity: 'x_dl_poly_temperature_rotational', factor: 1 },
  temp_shl: { quantity: 'x_dl_poly_temperature_core_shell', factor: 1 },
  'time(ps)': { quantity: 'time', factor: PICOSECOND },
  time: { quantity: 'time', factor: PICOSECOND },
  'cpu (s)': { quantity: 'time_physical', factor: 1 },
  'cpu time': { quantity: 'time_physical', factor: 1 },
  volume: { quantity: 'x_dl_poly_volume', factor: ANGSTROM ** 3 },
  press: { quantity: 'pressure', factor: KILO_ATMOSPHERE },
  vir_cfg: { quantity: 'x_dl_poly_virial_configurational', factor: 1 },
  vir_src: { quantity: 'x_dl_poly_virial_short_range', factor: 1 },
  vir_vdw: { quantity: 'x_dl_poly_virial_van_der_waals', factor: 1 },
  vir_cou: { quantity: 'x_dl_poly_virial_coulomb', factor: 1 },
  vir_bnd: { quantity: 'x_dl_poly_virial_bond', factor: 1 },
  vir_ang: { quantity: 'x_dl_poly_virial_angle', factor: 1 },
  vir_con: { quantity: 'x_dl_poly_virial_constraint', factor: 1 },
  vir_tet: { quantity: 'x_dl_poly_virial_tethering', factor: 1 },
  vir_shl: { quantity: 'x_dl_poly_virial_core_shell', factor: 1 },
  vir_pmf: { quantity: 'x_dl_poly_virial_potential_mean_force', factor: 1 },
};

function calculationOf(
  columns: readonly string[],
  row: readonly number[],
  energyUnit: number | undefined,
): WithCodeSpecific<RunCalculation> {
  const calculation: WithCodeSpecific<RunCalculation> = { step: row[0]!, method_ref: '/run/0/method/0' };
  const energy: CalculationEnergy = {};
  const contributions: { kind: string; value: number }[] = [];
  columns.forEach((column, index) => {
    const target = COLUMNS[column];
    const value = row[index];
    if (!target || value === undefined || Number.isNaN(value)) return;
    if ('quantity' in target)
      (calculation as Record<string, unknown>)[target.quantity] = value * target.factor;
    else if (energyUnit === undefined) return;
    else if ('energy' in target) energy[target.energy] = { value: value * energyUnit };
    else contributions.push({ kind: target.contribution, value: value * energyUnit });
  });
  const enthalpy = row[columns.indexOf('eng_pv')];
  if (energyUnit !== undefined && enthalpy !== undefined && !Number.isNaN(enthalpy))
    calculation.enthalpy = enthalpy * energyUnit;
  if (contributions.length > 0) energy.contributions = contributions;
  if (Object.keys(energy).length > 0) calculation.energy = energy;
  return calculation;
}

function calculationsOf(
  output: DlpolyOutput,
  energyUnit: number | undefined,
): WithCodeSpecific<RunCalculation>[] {
  let previous = 0;
  return output.rows.map((row) => {
    const calculation = calculationOf(output.columns, row, energyUnit);
    // The cpu column is the time since the start: a step's own time is the difference.
    if (typeof calculation.time_physical === 'number') {
      calculation.time_calculation = calculation.time_physical - previous;
      previous = calculation.time_physical;
    }
    return calculation;
  });
}

/** Thermostats and barostats by the ensemble's words ('NVT Berendsen', 'NPT Hoover', 'NVT Evans'). */
const COUPLINGS: readonly [RegExp, 'berendsen' | 'nose_hoover' | 'andersen'][] = [
  [/berendsen/i, 'berendsen'],
  // Martyna-Tuckerman-Klein couples the particles by Nose-Hoover chains.
  [/hoover|martyna|mtk/i, 'nose_hoover'],
  [/andersen/i, 'andersen'],
];

const diagonal = (x: number): Mat3 => [
  [x, 0, 0],
  [0, x, 0],
  [0, 0, x],
];

function mdMethodOf(output: DlpolyOutput): MolecularDynamicsMethod {
  const { control } = output;
  const words = output.ensemble ?? 'NVE';
  const ensemble = thermodynamicEnsemble(words.split(/\s+/)[0]!.toUpperCase());
  const method: MolecularDynamicsMethod = ensemble ? { thermodynamic_ensemble: ensemble } : {};
  const integration = control.Integration;
  if (typeof integration === 'string')
    method.integrator_type = /leap/i.test(integration) ? 'leap_frog' : 'velocity_verlet';
  const timestep = numberIn(control, 'fixed simulation timestep', 'simulation timestep');
  if (timestep !== undefined) method.integration_timestep = timestep * PICOSECOND;
  const steps = numberIn(control, 'selected number of timesteps');
  if (steps !== undefined) method.n_steps = steps;
  const printing = numberIn(control, 'data printing interval');
  if (printing !== undefined) method.thermodynamics_save_frequency = printing;
  const trajectory = numberIn(control, 'trajectory file interval');
  if (trajectory !== undefined) method.coordinate_save_frequency = trajectory;
  const coupling = COUPLINGS.find(([pattern]) => pattern.test(words))?.[1];
  const temperature = numberIn(control, 'simulation temperature');
  const thermostatTime = numberIn(control, 'thermostat relaxation time');
  if (coupling && ensemble !== 'NVE' && ensemble !== 'NPH')
    method.thermostat_parameters = [
      {
        thermostat_type: coupling,
        ...(temperature !== undefined ? { reference_temperature: temperature } : {}),
        ...(thermostatTime !== undefined ? { coupling_constant: thermostatTime * PICOSECOND } : {}),
      },
    ];
  const pressure = numberIn(control, 'simulation pressure');
  const barostatTime = numberIn(control, 'barostat relaxation time');
  if (
    (ensemble === 'NPT' || ensemble === 'NPH') &&
    (coupling === 'berendsen' || coupling === 'nose_hoover')
  ) {
    method.barostat_parameters = [
      {
        barostat_type: /mtk|martyna/i.test(words) ? 'martyna_tuckerman_tobias_klein' : coupling,
        ...(pressure !== undefined ? { reference_pressure: diagonal(pressure * KILO_ATMOSPHERE) } : {}),
        ...(barostatTime !== undefined ? { coupling_constant: diagonal(barostatTime * PICOSECOND) } : {}),
      },
    ];
  }
  return method;
}

export interface DlpolyInputs {
  field?: DlpolyField;
  config?: DlpolyFrame;
  history: DlpolyFrame[];
  title?: string;
}

export function dlpolyArchive(
  output: DlpolyOutput,
  inputs: DlpolyInputs,
): Omit<CodeArchive, 'structure'> & { structure?: Structure } {
  const warnings: string[] = [...output.warnings];
  if (!output.finished) warnings.push("the OUTPUT has no 'run terminated after': the run did not finish");
  const unitName = output.energyUnit ?? inputs.field?.units;
  const energyUnit = energyUnitOf(unitName);
  if (energyUnit === undefined && output.rows.length > 0)
    warnings.push(`energy units '${unitName ?? 'not given'}' are not known: energies are left out`);
  const frames = [...(inputs.config ? [inputs.config] : []), ...inputs.history];
  const systems = frames.map(systemOf);
  const constraints = constraintsOf(inputs.field);
  if (systems[0] && constraints.length > 0) systems[0].constraint = constraints;
  const systemOfStep = new Map(
    inputs.history.map((frame, index) => [frame.step, index + (inputs.config ? 1 : 0)]),
  );
  const calculations = calculationsOf(output, energyUnit).map((calculation, index) => {
    const system = systemOfStep.get(calculation.step) ?? (index === 0 && inputs.config ? 0 : undefined);
    if (system !== undefined) calculation.system_ref = `/run/0/system/${system}`;
    const frame = system !== undefined ? frames[system] : undefined;
    if (frame && system! > 0 && frame.atoms.every((atom) => atom.force))
      calculation.forces = {
        total: { value: frame.atoms.map((atom) => atom.force!.map((f) => f * FORCE_UNIT)) },
      };
    return calculation;
  });
  const run: WithCodeSpecific<Run> = {
    program: { name: output.program ?? 'DL_POLY', ...(output.version ? { version: output.version } : {}) },
    method: [methodOf(output, inputs.field)],
    ...(systems.length > 0 ? { system: systems } : {}),
    ...(calculations.length > 0 ? { calculation: calculations } : {}),
  };
  if (output.versionDate) run.x_dl_poly_program_version_date = output.versionDate;
  if (inputs.title) run.x_dl_poly_system_description = inputs.title;
  const last = frames[frames.length - 1];
  return {
    run,
    workflow2: molecularDynamics(mdMethodOf(output)),
    ...(last ? { structure: structureOf(last) } : {}),
    warnings,
  };
}
