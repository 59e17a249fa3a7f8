// The energies file of a CP2K MD run ('MD| Energies  1  H2O-32-1.ener' names it): a row per MD step of
// step number, time (fs), kinetic energy (Hartree), temperature (K), potential energy (Hartree),
// conserved quantity (Hartree) and the step's wall time (s), at 9 decimals where the output prints the
// temperature with 3 and the parser reads no kinetic or potential energy from it.
import { FEMTOSECOND, HARTREE } from '@oasis/chem';
import type { RunCalculation } from '@oasis/schema';
import { siblingText } from '../sibling-files.ts';
import { numbersIn } from '../../text/numbers.ts';

/** Read whole up to this size (a row is 130 bytes: half a million steps). */
const MAX_ENER_BYTES = 64 * 1024 ** 2;
const COLUMNS = 7;
/** The output's temperature, to its 3 decimals, and time, to its 6, agree with the file's within these. */
const SAME_TEMPERATURE_K = 1e-2;
const SAME_TIME_FS = 1e-5;

interface EnerRow {
  step: number;
  /** fs */
  time: number;
  /** Hartree */
  kinetic: number;
  temperature: number;
  /** Hartree */
  potential: number;
}

/** The rows of a .ener file; a row cut off or unreadable ends them, with a note saying where. */
export function readEner(text: string, name: string): { rows: EnerRow[]; problem?: string } {
  const lines = text.split(/\r?\n/);
  const header = lines[0] ?? '';
  if (!/Step Nr\..*Time\[fs\].*Kin\.\[a\.u\.\].*Temp\[K\].*Pot\.\[a\.u\.\]/.test(header))
    return { rows: [], problem: `${name} has no 'Step Nr. Time[fs] Kin.[a.u.] Temp[K] Pot.[a.u.]' header` };
  const rows: EnerRow[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    if (lines[i]!.trim() === '') continue;
    const numbers = numbersIn(lines[i]!);
    if (numbers.length !== COLUMNS || !Number.isInteger(numbers[0]))
      return {
        rows,
        problem: `${name}: line ${i + 1} is cut off or malformed; the ${rows.length} rows before it are read`,
      };
    const [step, time, kinetic, temperature, potential] = numbers as [number, number, number, number, number];
    rows.push({ step, time, kinetic, temperature, potential });
  }
  return { rows };
}

/** The row of each calculation: by step number, or by position when the output numbers no steps. */
function rowsOf(calculations: readonly RunCalculation[], rows: EnerRow[]): (EnerRow | undefined)[] {
  const byStep = new Map(rows.map((row) => [row.step, row]));
  const numbered = calculations.every((c) => typeof c.step === 'number');
  return calculations.map((c, index) =>
    numbered ? byStep.get(c.step!) : rows.length === calculations.length ? rows[index] : undefined,
  );
}

/** Whether a row contradicts what the output says of its step (then the file is of another run). */
const contradicts = (calculation: RunCalculation, row: EnerRow): boolean =>
  (typeof calculation.temperature === 'number' &&
    Math.abs(calculation.temperature - row.temperature) > SAME_TEMPERATURE_K) ||
  (typeof calculation.time === 'number' &&
    Math.abs(calculation.time / FEMTOSECOND - row.time) > SAME_TIME_FS);

/**
 * The .ener file the output names, merged into its MD calculations by step: kinetic and potential
 * energy, the temperature (more digits than the output's) and the time where the output has none. A
 * file too large, cut off, malformed or of another run is a warning naming it.
 */
export async function mergeEnerFile(
  calculations: readonly RunCalculation[],
  name: string | undefined,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const file = await siblingText(mainfile, rawRoot, name, MAX_ENER_BYTES);
  if (!file || calculations.length === 0) return;
  if ('problem' in file) {
    warn(file.problem);
    return;
  }
  const { rows, problem } = readEner(file.text, file.name);
  if (problem) warn(problem);
  const matched = rowsOf(calculations, rows);
  if (calculations.some((c, i) => matched[i] && contradicts(c, matched[i]))) {
    warn(`${file.name} is not of this run (its temperatures or times are not the output's): not read`);
    return;
  }
  calculations.forEach((calculation, index) => {
    const row = matched[index];
    if (!row) return;
    const energy = calculation.energy ?? {};
    energy.kinetic = { value: row.kinetic * HARTREE };
    energy.potential = { value: row.potential * HARTREE };
    calculation.energy = energy;
    calculation.temperature = row.temperature;
    // The simulated time (time_physical is the elapsed wall time).
    if (calculation.time === undefined) calculation.time = row.time * FEMTOSECOND;
    if (calculation.step === undefined) calculation.step = row.step;
  });
}
