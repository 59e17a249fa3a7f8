// From Elk's INFO.OUT (and EIGVAL.OUT, TDOS.OUT beside it) to NOMAD's run and workflow2 sections, in SI
// units: one method (functional by libxc names, (L)APW+lo basis with its muffin tins, k-point grid,
// smearing, spin), the system, and a calculation per self-consistent cycle with its SCF loops, eigenvalues
// and total DOS.
import { BOHR, ELEMENTARY_CHARGE, HARTREE, type Mat3, type Vec3 } from '@oasis/chem';
import type {
  BasisSet,
  CalculationEnergy,
  MethodElectronic,
  RunCalculation,
  RunMethod,
  WithCodeSpecific,
} from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import {
  calculationRefs,
  cartesian,
  codeRun,
  singlePoint,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { ElkDos, ElkEigenvalues } from './read-elk-files.ts';
import type { ElkCycle, ElkInfo, ElkLoop } from './read-elk.ts';

/** libxc names of Elk's xctype (its first number); Elk's LDA exchange is Slater's. */
const FUNCTIONALS: Readonly<Record<number, readonly string[]>> = {
  2: ['LDA_X', 'LDA_C_PZ'],
  3: ['LDA_X', 'LDA_C_PW'],
  4: ['LDA_X', 'LDA_C_XALPHA'],
  5: ['LDA_X', 'LDA_C_VBH'],
  20: ['GGA_X_PBE', 'GGA_C_PBE'],
  21: ['GGA_X_PBE_R', 'GGA_C_PBE'],
  22: ['GGA_X_PBE_SOL', 'GGA_C_PBE_SOL'],
  26: ['GGA_X_WC', 'GGA_C_PBE'],
  30: ['GGA_X_AM05', 'GGA_C_AM05'],
};

/** NOMAD's smearing kinds of Elk's stype. */
const SMEARING: Readonly<Record<number, string>> = {
  0: 'gaussian',
  1: 'methfessel-paxton',
  2: 'methfessel-paxton',
  3: 'fermi',
  4: 'marzari-vanderbilt',
};

type EnergyTerm = keyof CalculationEnergy &
  ('sum_eigenvalues' | 'nuclear_repulsion' | 'madelung' | 'exchange' | 'correlation' | 'total');

/** Where INFO.OUT's energies go: a term's value, a part of a term, or a code-specific name. */
const VALUES: Readonly<Record<string, EnergyTerm>> = {
  'sum of eigenvalues': 'sum_eigenvalues',
  'nuclear-nuclear': 'nuclear_repulsion',
  Madelung: 'madelung',
  exchange: 'exchange',
  correlation: 'correlation',
  'total energy': 'total',
};
const PARTS: Readonly<
  Record<string, ['electronic' | 'electrostatic' | 'xc', 'kinetic' | 'value' | 'potential']>
> = {
  'electron kinetic': ['electronic', 'kinetic'],
  Coulomb: ['electrostatic', 'value'],
  'Coulomb potential': ['electrostatic', 'potential'],
  'xc potential': ['xc', 'potential'],
};
const SPECIFIC: Readonly<Record<string, string>> = {
  'core electron kinetic': 'x_elk_core_electron_kinetic_energy',
  'electron-nuclear': 'x_elk_electron_nuclear_energy',
  Hartree: 'x_elk_hartree_energy',
  'electron entropic': 'x_elk_electron_entropic_energy',
};

function energyOf(loop: ElkLoop): WithCodeSpecific<CalculationEnergy> {
  const energy: WithCodeSpecific<CalculationEnergy> = {};
  for (const [name, hartree] of Object.entries(loop.energies)) {
    const value = hartree * HARTREE;
    const part = PARTS[name];
    if (name === 'Fermi') energy.fermi = value;
    else if (VALUES[name]) energy[VALUES[name]] = { value };
    else if (part) energy[part[0]] = { ...energy[part[0]], [part[1]]: value };
    else if (SPECIFIC[name]) energy[SPECIFIC[name] as `x_${string}`] = value;
  }
  if (loop.energyChange !== undefined) energy.change = loop.energyChange * HARTREE;
  return energy;
}

/** The loop's charges: the total in coulomb; the muffin-tin charges are electrons in each sphere. */
function chargesOf(
  loop: ElkLoop,
): WithCodeSpecific<NonNullable<RunCalculation['charges']>[number]> | undefined {
  const total = loop.charges['total charge'];
  if (total === undefined && loop.muffinTin.length === 0) return undefined;
  return {
    ...(total !== undefined ? { total: total * ELEMENTARY_CHARGE } : {}),
    ...(loop.muffinTin.length > 0 ? { n_atoms: loop.muffinTin.length, n_electrons: loop.muffinTin } : {}),
    ...(loop.charges.core !== undefined ? { x_elk_core_charge: loop.charges.core } : {}),
    ...(loop.charges.valence !== undefined ? { x_elk_valence_charge: loop.charges.valence } : {}),
    ...(loop.charges.interstitial !== undefined
      ? { x_elk_interstitial_charge: loop.charges.interstitial }
      : {}),
  };
}

function methodOf(info: ElkInfo, warnings: string[]): WithCodeSpecific<RunMethod> {
  const spin = info.spinTreatment.some((line) => /spin-polarised/.test(line) && !/unpolarised/.test(line));
  const electronic: MethodElectronic = { method: 'DFT', n_spin_channels: spin ? 2 : 1 };
  if (info.smearingType !== undefined)
    electronic.smearing = {
      ...(SMEARING[info.smearingType] ? { kind: SMEARING[info.smearingType] } : {}),
      ...(info.smearingWidth !== undefined ? { width: info.smearingWidth * HARTREE } : {}),
    };
  const names = FUNCTIONALS[info.xcType[0] ?? -1];
  if (!names && info.xcType.length > 0)
    warnings.push(`Elk's functional ${info.xcType.join(' ')} has no libxc names here`);
  const basisSet: BasisSet[] = [];
  if (info.gkmax !== undefined)
    basisSet.push({
      type: 'plane waves',
      scope: ['interstitial'],
      cutoff: ((info.gkmax * info.gkmax) / 2) * HARTREE,
    });
  for (const species of info.species)
    if (species.muffinTinRadius !== undefined)
      basisSet.push({
        scope: ['muffin-tin'],
        shape: 'spherical',
        radius: species.muffinTinRadius * BOHR,
        ...(species.radialPoints !== undefined ? { n_radial_grid_points: species.radialPoints } : {}),
        ...(info.lmaxApw !== undefined ? { spherical_harmonics_cutoff: info.lmaxApw } : {}),
      });
  const method: WithCodeSpecific<RunMethod> = {
    electronic,
    ...(names ? { dft: { xc_functional: xcFunctional(names) } } : {}),
    electrons_representation: [
      { type: '(L)APW+lo', scope: ['wavefunction'], ...(basisSet.length > 0 ? { basis_set: basisSet } : {}) },
    ],
  };
  if (info.kGrid?.length === 3)
    method.k_mesh = { grid: info.kGrid, ...(info.kOffset ? { offset: info.kOffset } : {}) };
  // Elk's own settings under NOMAD's code-specific names (lengths and wave numbers in SI).
  const specific: Record<string, unknown> = {
    x_elk_kpoints_grid: info.kGrid,
    x_elk_rgkmax: info.rgkmax,
    x_elk_gkmax: info.gkmax === undefined ? undefined : info.gkmax / BOHR,
    x_elk_gmaxvr: info.gmaxvr === undefined ? undefined : info.gmaxvr / BOHR,
    x_elk_gvector_size: info.gridSizes,
    x_elk_gvector_total: info.nGvectors,
    x_elk_lmaxapw: info.lmaxApw,
    x_elk_nuclear_charge: info.counts['Total nuclear charge'],
    x_elk_core_charge: info.counts['Total core charge'],
    x_elk_valence_charge: info.counts['Total valence charge'],
    x_elk_excess_charge: info.counts['Total excess charge'],
    x_elk_electronic_charge: info.counts['Total electronic charge'],
    x_elk_wigner_radius: info.counts['Effective Wigner radius, r_s'],
    x_elk_empty_states: info.counts['Number of empty states'],
    x_elk_valence_states: info.counts['Total number of valence states'],
    x_elk_core_states: info.counts['Total number of core states'],
    x_elk_lo: info.counts['Total number of local-orbitals'],
  };
  for (const [name, value] of Object.entries(specific))
    if (value !== undefined) method[name as `x_${string}`] = value;
  return method;
}

function structureOf(info: ElkInfo): Structure {
  const cell = info.lattice.map((row) => row.map((x) => x * BOHR)) as Mat3;
  const fractional = info.species.flatMap((s) => s.positions);
  return {
    species: info.species.flatMap((s) => s.positions.map(() => s.label)),
    positions: cartesian(fractional, cell) as Vec3[],
    lattice: cell,
    periodic: [true, true, true],
  };
}

/**
 * Eigenvalues per spin channel: a collinear spin-polarised run lists each k-point's spin-up states, then
 * its spin-down ones; otherwise (unpolarised, spin-orbit, non-collinear) the states are one channel.
 */
function eigenvaluesOf(
  eig: ElkEigenvalues,
  nSpin: number,
): NonNullable<RunCalculation['eigenvalues']>[number] {
  const split = nSpin === 2 && eig.nStates % 2 === 0 ? 2 : 1;
  const perSpin = eig.nStates / split;
  const channel = (s: number, column: 0 | 1) =>
    eig.states.map((states) => states.slice(s * perSpin, (s + 1) * perSpin).map((row) => row[column]));
  const spins = Array.from({ length: split }, (_, s) => s);
  return {
    n_spin_channels: split,
    n_kpoints: eig.kpoints.length,
    n_bands: perSpin,
    kpoints: eig.kpoints,
    energies: spins.map((s) => channel(s, 0).map((k) => k.map((e) => e * HARTREE))),
    occupations: spins.map((s) => channel(s, 1)),
  };
}

/** The total DOS per spin channel, its energies made absolute by the Fermi energy (Hartree). */
function dosOf(dos: ElkDos, fermi: number): NonNullable<RunCalculation['dos_electronic']> {
  const energies = dos.energies.map((e) => (e + fermi) * HARTREE);
  return dos.total.map((values, spin) => ({
    n_energies: energies.length,
    energies,
    energy_fermi: fermi * HARTREE,
    ...(dos.total.length === 2 ? { spin_channel: spin } : {}),
    total: [{ value: values.map((v) => v / HARTREE) }],
  }));
}

/** A self-consistent cycle's calculation: the last loop's energies and charges, every loop, forces. */
function cycleCalculation(cycle: ElkCycle, atoms: number | undefined): RunCalculation {
  const calculation: RunCalculation = calculationRefs(0);
  const last = cycle.loops.at(-1);
  if (!last) return calculation;
  calculation.energy = energyOf(last);
  calculation.n_scf_iterations = cycle.loops.length;
  calculation.scf_iteration = cycle.loops.map((loop) => {
    const charges = chargesOf(loop);
    return {
      energy: energyOf(loop),
      ...(charges ? { charges: [charges] } : {}),
      ...(loop.time !== undefined ? { time_calculation: loop.time } : {}),
    };
  });
  calculation.calculation_converged = cycle.converged;
  const charges = chargesOf(last);
  if (charges) calculation.charges = [charges];
  if (cycle.forces.length > 0 && cycle.forces.length === atoms)
    calculation.forces = { total: { value: cycle.forces.map((f) => f.map((x) => (x * HARTREE) / BOHR)) } };
  return calculation;
}

/** Seconds since the epoch of INFO.OUT's start date and time (no time zone given: UTC). */
function dateOf(date: string | undefined, time: string | undefined): number | undefined {
  const d = /^(\d{4})-(\d\d)-(\d\d)$/.exec(date ?? '');
  const t = /^(\d+):(\d+):(\d+)$/.exec(time ?? '');
  if (!d || !t) return undefined;
  return (
    Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3])) / 1000
  );
}

export function elkArchive(
  info: ElkInfo,
  files: { eigenvalues?: ElkEigenvalues; dos?: ElkDos } = {},
): CodeArchive {
  const warnings: string[] = [];
  if (!info.finished) warnings.push("INFO.OUT has no '| Elk version ... stopped |': the run did not finish");
  const method = methodOf(info, warnings);
  const nAtoms = info.species.reduce((n, s) => n + s.positions.length, 0);
  const structures = info.lattice.length === 3 && nAtoms > 0 ? [structureOf(info)] : [];
  if (info.cycles.length > 1)
    warnings.push(
      `INFO.OUT has ${info.cycles.length} self-consistent cycles: each is a calculation, all on the first geometry (later geometries are not read)`,
    );
  const calculations = info.cycles.map((cycle) => cycleCalculation(cycle, structures[0]?.species.length));
  // The files beside INFO.OUT and the timings belong to the run's last cycle.
  const calculation = calculations.at(-1);
  const fermi = info.cycles.at(-1)?.loops.at(-1)?.energies.Fermi;
  if (calculation) {
    if (info.totalTime !== undefined) calculation.time_calculation = info.totalTime;
    if (files.eigenvalues)
      calculation.eigenvalues = [eigenvaluesOf(files.eigenvalues, method.electronic?.n_spin_channels ?? 1)];
    if (files.dos && fermi !== undefined) calculation.dos_electronic = dosOf(files.dos, fermi);
  }
  const run = codeRun('Elk', info.version, method, structures, structures.length > 0 ? calculations : []);
  const start = dateOf(info.date, info.time);
  if (start !== undefined) run.time_run = { date_start: start };
  return { run, workflow2: singlePoint(), structure: structures[0]!, warnings };
}
