// The eigenvalues SIESTA writes beside its output: <SystemLabel>.EIG (the Fermi energy, bands, spins and
// k-points, then per k-point its index and every band's energy, spin up then down, in eV, wrapped over
// lines) and <SystemLabel>.KP (each k-point in Cartesian 1/Bohr with its weight). Declared on the text
// toolkit.
import { readText } from '../../text/read-text.ts';
import { blocks, type Convert, every, first, real, reals, vector } from '../../text/rules.ts';
import { siblingText } from '../sibling-files.ts';

export interface SiestaEigenvalues {
  /** eV */
  fermi: number;
  /** Per spin, per k-point, per band (eV). */
  energies: number[][][];
  /** Cartesian, 1/Bohr, with weights; empty without a .KP file that fits. */
  kpoints: [number, number, number][];
  weights: number[];
}

const F = '(-?\\d+\\.\\d+(?:[EeDd][-+]?\\d+)?)';

const eig = {
  fermi: first(new RegExp(`^\\s*${F}\\s*$`), real()),
  sizes: first(/^\s*(\d+)\s+(\d+)\s+(\d+)\s*$/, reals(0)),
  kpoints: blocks(new RegExp(`^\\s*\\d+\\s+${F}`), {
    values: every(new RegExp(`^\\s*(?:\\d+\\s+)?(${F}(?:\\s+${F})*)\\s*$`), reals(1)),
  }),
};

const kp = {
  rows: every(
    new RegExp(`^\\s*\\d+\\s+(${F}\\s+${F}\\s+${F}\\s+${F})\\s*$`),
    vector(4, 1) as Convert<number[]>,
  ),
};

export function readEig(
  content: string,
  file: string,
): Omit<SiestaEigenvalues, 'kpoints' | 'weights'> | string {
  const { values } = readText(eig, content, file);
  const [nBands, nSpin, nK] = values.sizes ?? [];
  if (values.fermi === undefined || nBands === undefined || nSpin === undefined || nK === undefined)
    return `${file} has no Fermi energy and sizes`;
  const records = values.kpoints.map((k) => k.values.flat());
  if (records.length !== nK || records.some((r) => r.length !== nBands * nSpin))
    return `${file} has ${records.length} k-points of ${nK} or rows of another length: its eigenvalues are not read`;
  const energies = Array.from({ length: nSpin }, (_, s) =>
    records.map((r) => r.slice(s * nBands, (s + 1) * nBands)),
  );
  return { fermi: values.fermi, energies };
}

/** The k-points and weights of a .KP file, or undefined when it has another number of them. */
export function readKp(
  content: string,
  file: string,
  count: number,
): Pick<SiestaEigenvalues, 'kpoints' | 'weights'> {
  const { rows } = readText(kp, content, file).values;
  if (rows.length !== count) return { kpoints: [], weights: [] };
  return { kpoints: rows.map((r) => [r[0]!, r[1]!, r[2]!]), weights: rows.map((r) => r[3]!) };
}

/** <label>.EIG and <label>.KP beside the output, when there; what could not be read is a warning. */
export async function readSiestaEigenvalues(
  mainfile: string,
  rawRoot: string,
  label: string,
  warn: (message: string) => void,
): Promise<SiestaEigenvalues | undefined> {
  const maxBytes = 256 * 1024 ** 2;
  const eigFile = await siblingText(mainfile, rawRoot, `${label}.EIG`, maxBytes);
  if (!eigFile) return undefined;
  if ('problem' in eigFile) return void warn(eigFile.problem);
  const read = readEig(eigFile.text, eigFile.name);
  if (typeof read === 'string') return void warn(read);
  const kpFile = await siblingText(mainfile, rawRoot, `${label}.KP`, maxBytes);
  const nK = read.energies[0]?.length ?? 0;
  const points =
    kpFile && 'text' in kpFile ? readKp(kpFile.text, kpFile.name, nK) : { kpoints: [], weights: [] };
  return { ...read, ...points };
}
