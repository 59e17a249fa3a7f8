// The projected DOS CP2K writes beside its output ('<project>-k<kind>-<n>.pdos', or '-ALPHA_k1-' and
// '-BETA_k1-' when spin-polarised): per molecular orbital its eigenvalue (Hartree), occupation and weight
// on each orbital of one atomic kind. A histogram of lines is no DOS: each line becomes a Gaussian of
// 0.5 eV on a 0.01 eV grid (as NOMAD does), summed per orbital, with the total as the sum of them all.
import { ELECTRON_VOLT, HARTREE } from '@oasis/chem';
import type { RunDos, RunDosValues } from '@oasis/schema';
import { siblingNames, siblingText } from '../sibling-files.ts';
import { numbersIn } from '../../text/numbers.ts';

const MAX_PDOS_BYTES = 16 * 1024 ** 2;
/** Gaussian width (standard deviation) and grid spacing, eV. */
const WIDTH_EV = 0.5;
const STEP_EV = 0.01;
const HARTREE_EV = HARTREE / ELECTRON_VOLT;

interface PdosFile {
  name: string;
  spin: number;
  kind: string;
  fermi?: number;
  orbitals: string[];
  /** Rows of MO eigenvalue (eV) and the weights on each orbital. */
  eigenvalues: number[];
  weights: number[][];
}

const PDOS_NAME = /-(?:(ALPHA|BETA)_)?k(\d+)-(\d+)\.pdos$/;

/** The .pdos files of the output's project, of the last print (the highest trailing number). */
async function pdosFiles(mainfile: string, project: string | undefined): Promise<string[]> {
  const names = (await siblingNames(mainfile).catch(() => [] as string[])).filter(
    (name) => PDOS_NAME.test(name) && (!project || name.startsWith(`${project}-`)),
  );
  const last = Math.max(...names.map((name) => Number(PDOS_NAME.exec(name)![3])));
  return names.filter((name) => Number(PDOS_NAME.exec(name)![3]) === last).sort();
}

function readPdos(name: string, text: string): PdosFile | string {
  const lines = text.split(/\r?\n/);
  const header = /Projected DOS for atomic kind\s+(\S+).*?(?:E\(Fermi\)\s*=\s*(\S+)\s*a\.u\.)?\s*$/.exec(
    lines[0] ?? '',
  );
  const columns = /Occupation\s+(.*)$/.exec(lines[1] ?? '');
  if (!header || !columns) return `${name} has no 'Projected DOS' header`;
  const orbitals = columns[1]!.trim().split(/\s+/);
  const eigenvalues: number[] = [];
  const weights: number[][] = [];
  for (const line of lines.slice(2)) {
    if (line.trim() === '') continue;
    const row = numbersIn(line);
    if (row.length !== 3 + orbitals.length) return `${name}: a row has not the ${orbitals.length} orbitals`;
    eigenvalues.push(row[1]! * HARTREE_EV);
    weights.push(row.slice(3));
  }
  if (eigenvalues.length === 0) return `${name} has no orbitals`;
  const spin = PDOS_NAME.exec(name)![1] === 'BETA' ? 1 : 0;
  return {
    name,
    spin,
    kind: header[1]!,
    ...(header[2] !== undefined ? { fermi: Number(header[2]) } : {}),
    orbitals,
    eigenvalues,
    weights,
  };
}

/**
 * Each orbital's weights broadened on the grid (values in 1/eV). A Gaussian sampled on an even grid is
 * a product of ratios that themselves shrink by a constant factor: two exponentials per line, walked out
 * from its centre both ways until it underflows, instead of one per line and grid point.
 */
function broaden(file: PdosFile, lowest: number, size: number): number[][] {
  const values = file.orbitals.map(() => new Float64Array(size));
  const norm = 1 / (WIDTH_EV * Math.sqrt(2 * Math.PI));
  const twoVariance = 2 * WIDTH_EV ** 2;
  const shrink = Math.exp(-(STEP_EV ** 2) / WIDTH_EV ** 2);
  const add = (g: number, weight: number, rowWeights: number[]) => {
    for (let o = 0; o < rowWeights.length; o += 1) {
      const target = values[o]!;
      target[g] = target[g]! + rowWeights[o]! * weight;
    }
  };
  file.eigenvalues.forEach((eigenvalue, row) => {
    const rowWeights = file.weights[row]!;
    const centre = Math.min(size - 1, Math.max(0, Math.round((eigenvalue - lowest) / STEP_EV)));
    const x = lowest + centre * STEP_EV - eigenvalue;
    const peak = norm * Math.exp(-(x * x) / twoVariance);
    add(centre, peak, rowWeights);
    let weight = peak;
    let ratio = Math.exp(-(2 * x * STEP_EV + STEP_EV ** 2) / twoVariance);
    for (let g = centre + 1; g < size && weight > 0; g += 1) {
      weight *= ratio;
      ratio *= shrink;
      add(g, weight, rowWeights);
    }
    weight = peak;
    ratio = Math.exp(-(-2 * x * STEP_EV + STEP_EV ** 2) / twoVariance);
    for (let g = centre - 1; g >= 0 && weight > 0; g -= 1) {
      weight *= ratio;
      ratio *= shrink;
      add(g, weight, rowWeights);
    }
  });
  return values.map((v) => Array.from(v));
}

/** dos_electronic of the .pdos files beside a CP2K output, or undefined when there are none. */
export async function readPdosBeside(
  mainfile: string,
  rawRoot: string,
  out: { projectName?: string; unrestricted: boolean },
  log: (level: 'WARNING' | 'INFO', event: string) => void,
): Promise<RunDos[] | undefined> {
  const files: PdosFile[] = [];
  for (const name of await pdosFiles(mainfile, out.projectName)) {
    const text = await siblingText(mainfile, rawRoot, name, MAX_PDOS_BYTES);
    if (!text) continue;
    if ('problem' in text) {
      log('WARNING', text.problem);
      continue;
    }
    const file = readPdos(text.name, text.text);
    if (typeof file === 'string') log('WARNING', `${file}: the projected DOS is not read`);
    else files.push(file);
  }
  if (files.length === 0) return undefined;
  const spins = files.some((f) => f.spin === 1) || out.unrestricted ? 2 : 1;
  const all = files.flatMap((f) => f.eigenvalues);
  const lowest = Math.min(...all) - 2 * WIDTH_EV;
  const span = Math.max(...all) + 2 * WIDTH_EV - lowest;
  const grid = Array.from({ length: Math.round(span / STEP_EV) }, (_, i) => lowest + i * STEP_EV);
  const energies = grid.map((e) => e * ELECTRON_VOLT);
  const sections = Array.from({ length: spins }, (_, spin) => {
    const own = files.filter((f) => f.spin === spin);
    const total = new Array<number>(grid.length).fill(0);
    const projected: RunDosValues[] = [];
    for (const file of own) {
      broaden(file, lowest, grid.length).forEach((values, o) => {
        values.forEach((v, g) => (total[g]! += v));
        projected.push({
          atom_label: file.kind.replace(/\d+$/, ''),
          orbital: file.orbitals[o],
          value: values.map((v) => v / ELECTRON_VOLT),
        });
      });
    }
    const fermi = own.find((f) => f.fermi !== undefined)?.fermi;
    return {
      ...(spins === 2 ? { spin_channel: spin } : {}),
      n_energies: grid.length,
      energies,
      ...(fermi !== undefined ? { energy_fermi: fermi * HARTREE } : {}),
      total: [{ ...(spins === 2 ? { spin } : {}), value: total.map((v) => v / ELECTRON_VOLT) }],
      orbital_projected: projected,
    };
  });
  log('INFO', `the projected DOS of ${files.map((f) => f.name).join(', ')} is read (0.5 eV Gaussians)`);
  return sections;
}
