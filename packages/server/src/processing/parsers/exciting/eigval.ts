// exciting's EIGVAL.OUT beside INFO.OUT: 'nkpt' and 'nstsv' lines, then per k-point its number and
// lattice coordinates (': k-point, vkl') and a row per state of number, eigenvalue (Hartree) and
// occupancy. A spin-polarised run lists the spin-up states first, then the spin-down ones, in one
// table of nstsv states. Written after every ground state, so it is the last calculation's.
import { HARTREE } from '@oasis/chem';
import type { BandEnergies, CalculationEnergy, RunCalculation } from '@oasis/schema';
import { readSideFile } from './placed-side-file.ts';
import { numbersIn } from '../../text/numbers.ts';

const NAME = 'EIGVAL.OUT';
/** EIGVAL.OUT is read whole up to this size (GaO_strucopt's 68 k-points of 66 states: 0.2 MB). */
const MAX_EIGVAL_BYTES = 64 * 1024 ** 2;
/** Occupancies at or above one half of a spin channel's maximum count as occupied. */
const OCCUPIED = 0.5;

type Vec = [number, number, number];

interface Eigenvalues {
  kpoints: Vec[];
  /** [spin][k-point][state], Hartree */
  energies: number[][][];
  /** [spin][k-point][state], per spin channel of one */
  occupations: number[][][];
}

/** The table of EIGVAL.OUT, or a sentence saying what is wrong with it. */
export function readEigval(text: string, spins: number): Eigenvalues | string {
  const lines = text.split(/\r?\n/);
  const count = (label: string) => {
    const line = lines.find((l) => new RegExp(`:\\s*${label}\\s*$`).test(l));
    return line ? numbersIn(line)[0] : undefined;
  };
  const nKpoints = count('nkpt');
  const nStates = count('nstsv');
  if (!nKpoints || !nStates) return `${NAME} has no 'nkpt' and 'nstsv' lines`;
  if (nStates % spins !== 0) return `${NAME} has ${nStates} states, not two equal spin channels`;
  const perSpin = nStates / spins;
  const kpoints: Vec[] = [];
  const rows: number[][][] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!/:\s*k-point, vkl\s*$/.test(lines[i]!)) continue;
    const [, ...vkl] = numbersIn(lines[i]!.split(':')[0]!);
    kpoints.push(vkl.slice(0, 3) as Vec);
    const states: number[][] = [];
    // The states follow a '(state, eigenvalue and occupancy below)' line.
    for (let k = i + 2; k < lines.length && states.length < nStates; k += 1) {
      const row = numbersIn(lines[k]!);
      if (row.length !== 3) break;
      states.push(row);
      i = k;
    }
    rows.push(states);
  }
  if (kpoints.length !== nKpoints)
    return `${NAME} has ${kpoints.length} of the ${nKpoints} k-points its 'nkpt' line announces`;
  const short = rows.findIndex((states) => states.length !== nStates);
  if (short >= 0) return `${NAME} has ${rows[short]!.length} of ${nStates} states at k-point ${short + 1}`;
  // An unpolarised state holds two electrons, a spin channel's one.
  const scale = spins === 2 ? 1 : 2;
  const channel = (spin: number, column: 1 | 2, factor: number) =>
    rows.map((states) =>
      states.slice(spin * perSpin, (spin + 1) * perSpin).map((row) => row[column]! / factor),
    );
  return {
    kpoints,
    energies: Array.from({ length: spins }, (_, spin) => channel(spin, 1, 1)),
    occupations: Array.from({ length: spins }, (_, spin) => channel(spin, 2, scale)),
  };
}

/** NOMAD's eigenvalues section (energies in J) and the band edges of the occupations. */
function eigenvaluesSection(values: Eigenvalues): {
  section: BandEnergies;
  edges: Pick<CalculationEnergy, 'highest_occupied' | 'lowest_unoccupied'>;
} {
  let highest = -Infinity;
  let lowest = Infinity;
  values.energies.forEach((spin, s) =>
    spin.forEach((states, k) =>
      states.forEach((energy, b) => {
        if (values.occupations[s]![k]![b]! >= OCCUPIED) highest = Math.max(highest, energy);
        else lowest = Math.min(lowest, energy);
      }),
    ),
  );
  const edges: Pick<CalculationEnergy, 'highest_occupied' | 'lowest_unoccupied'> = {};
  if (Number.isFinite(highest)) edges.highest_occupied = highest * HARTREE;
  if (Number.isFinite(lowest)) edges.lowest_unoccupied = lowest * HARTREE;
  const section = {
    n_spin_channels: values.energies.length,
    n_kpoints: values.kpoints.length,
    n_bands: values.energies[0]![0]!.length,
    kpoints: values.kpoints,
    energies: values.energies.map((spin) => spin.map((states) => states.map((e) => e * HARTREE))),
    occupations: values.occupations,
  };
  return { section, edges };
}

/**
 * EIGVAL.OUT beside INFO.OUT as the last calculation's eigenvalues, with the highest occupied and
 * lowest unoccupied energies they give; a file too large or malformed is a warning naming it.
 */
export async function addEigenvalues(
  calculation: RunCalculation,
  spins: number,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const read = (text: string) => readEigval(text, spins);
  const values = await readSideFile(mainfile, rawRoot, NAME, MAX_EIGVAL_BYTES, read, warn);
  if (!values) return;
  const { section, edges } = eigenvaluesSection(values);
  calculation.eigenvalues = [section];
  calculation.energy = { ...edges, ...calculation.energy };
}
