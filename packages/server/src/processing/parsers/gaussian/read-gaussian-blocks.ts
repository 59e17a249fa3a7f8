// Blocks of a Gaussian log that span several lines, read from their heading line: orientation tables,
// force tables, Mulliken charges and the thermochemistry of a frequency job (in Gaussian's units).
import { numbersIn } from '../text/numbers.ts';

export type Vec = [number, number, number];

export interface GaussianGeometry {
  atomicNumbers: number[];
  /** Å */
  positions: Vec[];
}

/** The thermochemistry of a frequency job. */
export interface GaussianThermo {
  /** K */
  temperature?: number;
  /** atm */
  pressure?: number;
  /** Hartree/particle */
  zeroPointCorrection?: number;
  /** Hartree: electronic plus thermal energy, enthalpy and free energy. */
  internalEnergy?: number;
  enthalpy?: number;
  freeEnergy?: number;
  /** cal/(mol K), the 'Total' row */
  heatCapacity?: number;
  entropy?: number;
}

const RULE = /^\s*-{10,}\s*$/;

/** An orientation table: heading, rule, two title lines, rule, then rows until the closing rule. */
export function readOrientation(
  lines: readonly string[],
  from: number,
): { geometry: GaussianGeometry; end: number } {
  const geometry: GaussianGeometry = { atomicNumbers: [], positions: [] };
  let i = from + 5;
  for (; i < lines.length; i += 1) {
    const numbers = numbersIn(lines[i]!);
    if (RULE.test(lines[i]!) || numbers.length < 6) break;
    geometry.atomicNumbers.push(numbers[1]!);
    geometry.positions.push([numbers[3]!, numbers[4]!, numbers[5]!]);
  }
  return { geometry, end: i };
}

/** The 'Forces (Hartrees/Bohr)' table: two title lines after the heading, then rows of centre, Z, x y z. */
export function readForces(lines: readonly string[], from: number): { forces: Vec[]; end: number } {
  const forces: Vec[] = [];
  let end = from;
  for (let k = from + 3; k < lines.length; k += 1) {
    const numbers = numbersIn(lines[k]!);
    if (RULE.test(lines[k]!) || numbers.length < 5) break;
    forces.push([numbers[2]!, numbers[3]!, numbers[4]!]);
    end = k;
  }
  return { forces, end };
}

/** Mulliken charges (e): a column-number line, then 'n  Symbol  charge [spin]' rows. */
export function readMulliken(lines: readonly string[], from: number): { charges: number[]; end: number } {
  const charges: number[] = [];
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const row = /^\s*\d+\s+[A-Za-z]+\S*\s+(-?\d+\.\d+)/.exec(lines[k]!);
    if (!row) break;
    charges.push(Number(row[1]));
    end = k;
  }
  return { charges, end };
}

/** One line of the thermochemistry block, added to `thermo` when it is one of the values kept. */
export function readThermoLine(line: string, thermo: GaussianThermo): boolean {
  if (!/Temperature|correction=|Sum of electronic|Total/.test(line)) return false;
  const conditions = /^\s*Temperature\s+(\S+)\s+Kelvin\.\s+Pressure\s+(\S+)\s+Atm\./.exec(line);
  if (conditions) {
    thermo.temperature = Number(conditions[1]);
    thermo.pressure = Number(conditions[2]);
    return true;
  }
  const sum =
    /^\s*(Zero-point correction|Sum of electronic and thermal (Energies|Enthalpies|Free Energies))=\s*(-?\d+\.\d+)/.exec(
      line,
    );
  if (sum) {
    const value = Number(sum[3]);
    if (sum[2] === 'Energies') thermo.internalEnergy = value;
    else if (sum[2] === 'Enthalpies') thermo.enthalpy = value;
    else if (sum[2] === 'Free Energies') thermo.freeEnergy = value;
    else thermo.zeroPointCorrection = value;
    return true;
  }
  // 'Total  E(thermal) CV S' in kcal/mol, cal/(mol K), cal/(mol K); only while the table is open.
  const total = thermo.temperature !== undefined ? /^\s*Total\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(line) : null;
  if (total && thermo.entropy === undefined) {
    thermo.heatCapacity = Number(total[2]);
    thermo.entropy = Number(total[3]);
    return true;
  }
  return false;
}
