// The data-file-schema.xml pw.x writes into its '<prefix>.save' folder, which the output names
// ('Writing all to output data dir ./TiO2.save/', 'Writing output data file pwscf.save'). Its <output>
// is the last SCF's, in Hartree atomic units and at full precision, where pw.x prints 8 decimals of
// Ry (energy, forces), 4 of eV (eigenvalues, Fermi energy) and 2 of kbar (stress); it also has what the
// output does not print: occupations and k-point weights.
import { BOHR, HARTREE, RYDBERG } from '@oasis/chem';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { Run, RunCalculation, RunSystem } from '@oasis/schema';
import { realPathInside } from '../../raw-paths.ts';
import { numbersIn } from '../../text/numbers.ts';

const NAME = 'data-file-schema.xml';
/** Read whole up to this size (TiO2_opt's 70 k-points: 0.17 MB; wave functions are other files). */
const MAX_XML_BYTES = 64 * 1024 ** 2;
/** The XML is of the output's last SCF when their total energies agree to this (Ry; pw.x prints 8 decimals). */
const SAME_ENERGY_RY = 1e-6;
/** ... and their positions and cell to this (bohr). */
const SAME_POSITION_BOHR = 1e-4;
const PASCAL_PER_HARTREE_BOHR3 = HARTREE / BOHR ** 3;

const inner = (xml: string, tag: string): string | undefined =>
  new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1];
const numberIn = (xml: string, tag: string): number | undefined => {
  const text = inner(xml, tag);
  return text === undefined ? undefined : numbersIn(text)[0];
};
const rows = (values: number[], width: number): number[][] =>
  Array.from({ length: Math.floor(values.length / width) }, (_, i) =>
    values.slice(i * width, (i + 1) * width),
  );

/** The '.save' folder the output last wrote, as a path relative to the output's folder. */
export function saveFolderOf(outputText: string): string | undefined {
  const written = [...outputText.matchAll(/Writing .*?output data (?:dir|file)\s+(\S+?)\/?\s*:?\s*$/gm)];
  const folder = written[written.length - 1]?.[1];
  if (!folder) return undefined;
  // An absolute path is the machine it ran on: the upload has the folder beside the output, if at all.
  return isAbsolute(folder) ? basename(folder) : folder;
}

interface DataFile {
  etot: number;
  fermi?: number;
  highest?: number;
  lowest?: number;
  alat: number;
  cell: number[][];
  positions: number[][];
  kpoints: number[][];
  weights: number[];
  /** [spin][k-point][band], Hartree */
  energies: number[][][];
  occupations: number[][][];
  forces?: number[][];
  stress?: number[][];
}

/** The <output> of data-file-schema.xml, or a sentence saying what is wrong with it. */
export function readDataFile(xml: string): DataFile | string {
  const output = inner(xml, 'output');
  if (output === undefined) return `${NAME} has no complete <output>`;
  const etot = numberIn(inner(output, 'total_energy') ?? '', 'etot');
  const structure = inner(output, 'atomic_structure');
  const alat = Number(/<atomic_structure\b[^>]*\balat="([^"]+)"/.exec(output)?.[1]);
  const bands = inner(output, 'band_structure');
  if (etot === undefined || !structure || !Number.isFinite(alat) || !bands)
    return `${NAME} lacks the total energy, structure or band structure of its <output>`;
  const cell = ['a1', 'a2', 'a3'].map((a) => numbersIn(inner(structure, a) ?? '').slice(0, 3));
  const positions = [...structure.matchAll(/<atom\b[^>]*>([^<]*)<\/atom>/g)].map((m) => numbersIn(m[1]!));
  const spins = /<lsda>\s*true\s*<\/lsda>/.test(bands) ? 2 : 1;
  const kpoints: number[][] = [];
  const weights: number[] = [];
  const energies: number[][][] = Array.from({ length: spins }, () => []);
  const occupations: number[][][] = Array.from({ length: spins }, () => []);
  for (const [, block] of bands.matchAll(/<ks_energies>([\s\S]*?)<\/ks_energies>/g)) {
    const point = /<k_point\b[^>]*\bweight="([^"]+)"[^>]*>([^<]*)<\/k_point>/.exec(block!);
    const values = numbersIn(inner(block!, 'eigenvalues') ?? '');
    const filled = numbersIn(inner(block!, 'occupations') ?? '');
    if (!point || values.length === 0 || values.length % spins !== 0 || filled.length !== values.length)
      return `${NAME} has a malformed k-point ${kpoints.length + 1}`;
    kpoints.push(numbersIn(point[2]!).slice(0, 3));
    weights.push(Number(point[1]));
    // A spin-polarised run lists each k-point's spin-up bands, then its spin-down ones.
    const perSpin = values.length / spins;
    for (let spin = 0; spin < spins; spin += 1) {
      energies[spin]!.push(values.slice(spin * perSpin, (spin + 1) * perSpin));
      occupations[spin]!.push(filled.slice(spin * perSpin, (spin + 1) * perSpin));
    }
  }
  const nks = numberIn(bands, 'nks');
  if (kpoints.length === 0 || (nks !== undefined && nks !== kpoints.length))
    return `${NAME} has ${kpoints.length} of the ${nks ?? '?'} k-points of its band structure`;
  const forces = inner(output, 'forces');
  const stress = inner(output, 'stress');
  const optional = (key: string, value: number | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    etot,
    ...optional('fermi', numberIn(bands, 'fermi_energy')),
    ...optional('highest', numberIn(bands, 'highestOccupiedLevel')),
    ...optional('lowest', numberIn(bands, 'lowestUnoccupiedLevel')),
    alat,
    cell,
    positions,
    kpoints,
    weights,
    energies,
    occupations,
    ...(forces ? { forces: rows(numbersIn(forces), 3) } : {}),
    ...(stress ? { stress: rows(numbersIn(stress), 3) } : {}),
  };
}

/** Whether two lists of vectors (bohr; `si` in metres) are the same within SAME_POSITION_BOHR. */
const sameVectors = (bohr: number[][], si: unknown): boolean =>
  Array.isArray(si) &&
  si.length === bohr.length &&
  bohr.every((v, i) =>
    v.every((x, j) => Math.abs(x - ((si[i] as number[])[j] ?? NaN) / BOHR) <= SAME_POSITION_BOHR),
  );

/** k-points from Cartesian units of 2π/alat to fractions of the reciprocal cell: k·aᵢ/alat. */
const fractional = (k: number[], cell: number[][], alat: number): number[] =>
  cell.map((a) => (k[0]! * a[0]! + k[1]! * a[1]! + k[2]! * a[2]!) / alat);

/** Puts the XML's values on the last calculation and its system, replacing the output's less precise ones. */
function applyDataFile(data: DataFile, calculation: RunCalculation, system: RunSystem | undefined): void {
  const energy = calculation.energy ?? {};
  energy.total = { ...energy.total, value: data.etot * HARTREE };
  if (data.fermi !== undefined) energy.fermi = data.fermi * HARTREE;
  if (data.highest !== undefined) energy.highest_occupied = data.highest * HARTREE;
  if (data.lowest !== undefined) energy.lowest_unoccupied = data.lowest * HARTREE;
  calculation.energy = energy;
  const weightSum = data.weights.reduce((sum, w) => sum + w, 0);
  calculation.eigenvalues = [
    {
      n_spin_channels: data.energies.length,
      n_kpoints: data.kpoints.length,
      n_bands: data.energies[0]![0]!.length,
      kpoints: data.kpoints.map((k) => fractional(k, data.cell, data.alat)),
      // pw.x's weights sum to 2 without spin polarisation; NOMAD's to 1.
      kpoints_weights: data.weights.map((w) => w / weightSum),
      energies: data.energies.map((spin) => spin.map((bands) => bands.map((e) => e * HARTREE))),
      occupations: data.occupations,
    },
  ];
  if (data.forces?.length === data.positions.length) {
    // Full precision; value_raw stays as the output printed it.
    const printed = calculation.forces?.total?.value_raw;
    const forces = data.forces.map((f) => f.map((x) => (x * HARTREE) / BOHR));
    calculation.forces = { total: { value: forces, ...(printed ? { value_raw: printed } : {}) } };
  }
  if (data.stress?.length === 3)
    calculation.stress = {
      total: { value: data.stress.map((row) => row.map((x) => x * PASCAL_PER_HARTREE_BOHR3)) },
    };
  // In place: the entry's structure shares these arrays with the last system.
  const atoms = system?.atoms as { positions?: number[][]; lattice_vectors?: number[][] } | undefined;
  if (atoms?.positions)
    data.positions.forEach((p, i) => p.forEach((x, j) => (atoms.positions![i]![j] = x * BOHR)));
  if (atoms?.lattice_vectors)
    data.cell.forEach((a, i) => a.forEach((x, j) => (atoms.lattice_vectors![i]![j] = x * BOHR)));
}

/**
 * The data-file XML of the '.save' folder the output names, on the last calculation and its system
 * when it is of that calculation (same energy, positions and cell); a file too large, cut off,
 * malformed or of another run is a warning naming it.
 */
export async function addDataFile(
  run: Run,
  outputText: string,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const folder = saveFolderOf(outputText);
  const calculations = run.calculation;
  const calculation = calculations?.[calculations.length - 1];
  if (!folder || !calculation) return;
  const shown = `${folder.replace(/\/$/, '')}/${NAME}`;
  const path = realPathInside(join(dirname(mainfile), folder, NAME), rawRoot);
  if (!path) return;
  const info = await stat(path);
  if (!info.isFile()) return;
  if (info.size > MAX_XML_BYTES) {
    warn(`${shown} is larger than ${MAX_XML_BYTES / 1024 ** 2} MB: not read`);
    return;
  }
  const data = readDataFile(await readFile(path, 'latin1'));
  if (typeof data === 'string') {
    warn(data.replace(NAME, shown));
    return;
  }
  const systemIndex = Number(/\/system\/(\d+)$/.exec(String(calculation.system_ref))?.[1]);
  const system = run.system?.[systemIndex];
  const atoms = system?.atoms;
  const printed = calculation.energy?.total?.value;
  // A band-structure (non-SCF) run prints no energy to match: its XML is not read.
  if (typeof printed !== 'number') return;
  const sameRun =
    Math.abs((data.etot * HARTREE - printed) / RYDBERG) <= SAME_ENERGY_RY &&
    sameVectors(data.positions, atoms?.positions) &&
    sameVectors(data.cell, atoms?.lattice_vectors);
  if (!sameRun) {
    warn(`${shown} is not of the output's last SCF (energy, positions or cell differ): not read`);
    return;
  }
  applyDataFile(data, calculation, system);
}
