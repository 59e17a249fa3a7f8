// run.calculation entries: energies, forces, stress and scf steps of one ionic step, in SI units.
import { scaleVec3, type Vec3 } from '@oasis/chem';
import type { BandStructureSection, DosSection, EigenvaluesSection } from './electronic.ts';
import type { RawCalculation } from './raw.ts';
import { EV, EV_PER_ANGSTROM, KBAR } from './units.ts';

interface EnergyValue {
  value: number;
}

interface EnergySection {
  total?: EnergyValue;
  free?: EnergyValue;
  total_t0?: EnergyValue;
  xc?: EnergyValue;
  correction_hartree?: EnergyValue;
  fermi?: number;
  highest_occupied?: number;
  lowest_unoccupied?: number;
}

interface ScfIteration extends Timing {
  energy: EnergySection;
}

export interface CalculationSection {
  system_ref: string;
  method_ref: string;
  energy: EnergySection;
  forces?: { total: { value: Vec3[] } };
  stress?: { total: { value: Vec3[] } };
  n_scf_iterations: number;
  scf_iteration: ScfIteration[];
  /** s: the step's wall time, and the wall time elapsed since the run started when it ended. */
  time_calculation?: number;
  time_physical?: number;
  eigenvalues?: EigenvaluesSection[];
  dos_electronic?: DosSection[];
  band_structure_electronic?: BandStructureSection[];
}

/** vasprun energy names -> NOMAD Energy sub-sections. */
const ENERGY_NAMES: readonly (readonly [
  string,
  'total' | 'free' | 'total_t0' | 'xc' | 'correction_hartree',
])[] = [
  ['e_wo_entrp', 'total'],
  ['e_fr_energy', 'free'],
  ['e_0_energy', 'total_t0'],
  ['XCdc', 'xc'],
  ['hartreedc', 'correction_hartree'],
];

function energySectionOf(energies: Readonly<Record<string, number>>): EnergySection {
  const section: EnergySection = {};
  for (const [vasp, nomad] of ENERGY_NAMES) {
    const value = energies[vasp];
    if (value !== undefined && Number.isFinite(value)) section[nomad] = { value: value * EV };
  }
  return section;
}

/**
 * The ionic step's energies. VASP 5 writes the step's closing <energy> block shifted: its
 * e_wo_entrp holds E(sigma->0) and its e_0_energy the entropy term (-TS). The last scf step has
 * the same free energy and the right values, so the other two come from there when it matches.
 */
function ionicEnergies(calculation: RawCalculation): Record<string, number> {
  const final = calculation.energies;
  const last = calculation.scsteps[calculation.scsteps.length - 1];
  const free = final.e_fr_energy;
  if (last === undefined || free === undefined || last.e_fr_energy === undefined) return final;
  if (Math.abs(last.e_fr_energy - free) > 1e-6) return final;
  const energies: Record<string, number> = { ...final };
  if (last.e_wo_entrp !== undefined) energies.e_wo_entrp = last.e_wo_entrp;
  if (last.e_0_energy !== undefined) energies.e_0_energy = last.e_0_energy;
  return energies;
}

function scaled(rows: readonly Vec3[], factor: number): Vec3[] {
  return rows.map((r) => scaleVec3(r, factor));
}

interface Timing {
  time_calculation?: number;
  time_physical?: number;
}

/**
 * Wall times (s) of consecutive steps as NOMAD's time_calculation and time_physical, which counts from
 * the start of the run: `start` is the wall time elapsed before the first step. The running sum ends at
 * the first step without a timer (undefined `start`: none).
 */
export function timingsOf(walls: readonly (number | undefined)[], start: number | undefined): Timing[] {
  let elapsed = start;
  return walls.map((wall) => {
    if (wall === undefined || !Number.isFinite(wall)) {
      elapsed = undefined;
      return {};
    }
    if (elapsed === undefined) return { time_calculation: wall };
    elapsed += wall;
    return { time_calculation: wall, time_physical: elapsed };
  });
}

/** Scf steps with their wall times; `start` is the wall time (s) elapsed before the ionic step began. */
function scfIterationsOf(calculation: RawCalculation, start: number | undefined): ScfIteration[] {
  const timings = timingsOf(calculation.scstepWallTimes, start);
  return calculation.scsteps.map((step, index) => ({ energy: energySectionOf(step), ...timings[index] }));
}

/** `start`: wall time (s) of the run before this ionic step, undefined when a timer was missing. */
export function calculationOf(
  calculation: RawCalculation,
  systemIndex: number,
  start?: number,
  methodIndex = 0,
): CalculationSection {
  const section: CalculationSection = {
    system_ref: `/run/0/system/${systemIndex}`,
    method_ref: `/run/0/method/${methodIndex}`,
    energy: energySectionOf(ionicEnergies(calculation)),
    n_scf_iterations: calculation.scsteps.length,
    scf_iteration: scfIterationsOf(calculation, start),
  };
  Object.assign(section, timingsOf([calculation.wallTime], start)[0]);
  if (calculation.forces) section.forces = { total: { value: scaled(calculation.forces, EV_PER_ANGSTROM) } };
  if (calculation.stress) section.stress = { total: { value: scaled(calculation.stress, KBAR) } };
  return section;
}
