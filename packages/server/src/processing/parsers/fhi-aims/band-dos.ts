// FHI-aims' band structure and DOS files beside the main output: 'band{spin}{segment}.out' per path
// segment that control.in's 'output band' lines ask for (k-point fractions, then occupation and energy
// per band, eV against the chemical potential: Si's valence band maximum at Γ is -0.29 eV there, the
// output's VBM -6.02 eV with μ -5.73 eV), and 'KS_DOS_total.dat' (eV against the chemical potential its
// header names, states/eV, a column per spin).
import { ELECTRON_VOLT } from '@oasis/chem';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BandEnergies, RunBandStructure, RunDos } from '@oasis/schema';
import { realPathInside } from '../../raw-paths.ts';
import { numbersIn } from '../../text/numbers.ts';

/** A band or DOS file is read whole up to this size. */
const MAX_FILE_BYTES = 16 * 1024 ** 2;
/** Segments looked for (a band path of more is no hand-written control.in). */
const MAX_SEGMENTS = 200;

type Vec = [number, number, number];

async function sibling(mainfile: string, rawRoot: string, name: string): Promise<string | undefined> {
  const path = realPathInside(join(dirname(mainfile), name), rawRoot);
  if (!path) return undefined;
  const info = await stat(path);
  if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
  return readFile(path, 'latin1');
}

/** One band file: k-points and, per k-point, occupations and energies (eV) of every band. */
function readBandFile(text: string): { kpoints: Vec[]; occupations: number[][]; energies: number[][] } {
  const kpoints: Vec[] = [];
  const occupations: number[][] = [];
  const energies: number[][] = [];
  for (const line of text.split(/\r?\n/)) {
    const numbers = numbersIn(line);
    if (numbers.length < 6) continue;
    kpoints.push([numbers[1]!, numbers[2]!, numbers[3]!]);
    const pairs = numbers.slice(4);
    occupations.push(pairs.filter((_, i) => i % 2 === 0));
    energies.push(pairs.filter((_, i) => i % 2 === 1));
  }
  return { kpoints, occupations, energies };
}

/**
 * The band structure of the files the control.in's `segments` count, per spin channel, in NOMAD's
 * band_structure_electronic form (energies in J, shifted by the chemical potential in eV to the
 * output's zero); undefined when a file is missing or malformed.
 */
export async function readBandStructure(
  mainfile: string,
  rawRoot: string,
  segments: number,
  spins: number,
  chemicalPotential: number,
  prefix = 'band',
): Promise<RunBandStructure | undefined> {
  if (segments === 0 || segments > MAX_SEGMENTS) return undefined;
  const segment: BandEnergies[] = [];
  for (let index = 1; index <= segments; index += 1) {
    const channels = [];
    for (let spin = 1; spin <= spins; spin += 1) {
      const text = await sibling(mainfile, rawRoot, `${prefix}${spin}${String(index).padStart(3, '0')}.out`);
      if (text === undefined) return undefined;
      channels.push(readBandFile(text));
    }
    const kpoints = channels[0]!.kpoints;
    if (kpoints.length === 0 || channels.some((c) => c.kpoints.length !== kpoints.length)) return undefined;
    segment.push({
      kpoints,
      energies: channels.map((c) =>
        c.energies.map((bands) => bands.map((e) => (e + chemicalPotential) * ELECTRON_VOLT)),
      ),
      // Occupations per spin channel of one: a spin-unpolarised file holds up to two electrons.
      occupations: channels.map((c) => c.occupations.map((bands) => bands.map((o) => o / (3 - spins)))),
    });
  }
  return { segment };
}

/**
 * KS_DOS_total.dat in NOMAD's dos_electronic form (energies in J, absolute; states/J). `scale` corrects
 * versions that wrote half the states of a spin-unpolarised run (071914_7 and before).
 */
export async function readTotalDos(
  mainfile: string,
  rawRoot: string,
  scale = 1,
): Promise<RunDos[] | undefined> {
  const text = await sibling(mainfile, rawRoot, 'KS_DOS_total.dat');
  if (text === undefined) return undefined;
  const mu = /chemical potential, mu\s*=\s*(\S+)\s*eV/.exec(text);
  const shift = mu ? Number(mu[1]) : 0;
  const rows = text
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('#'))
    .map(numbersIn)
    .filter((numbers) => numbers.length >= 2);
  if (rows.length === 0) return undefined;
  const energies = rows.map((row) => (row[0]! + shift) * ELECTRON_VOLT);
  const spins = rows[0]!.length - 1;
  return Array.from({ length: spins }, (_, spin) => ({
    spin_channel: spin,
    n_energies: energies.length,
    energies,
    ...(mu ? { energy_fermi: shift * ELECTRON_VOLT } : {}),
    total: [{ spin, value: rows.map((row) => ((row[spin + 1] ?? 0) * scale) / ELECTRON_VOLT) }],
  }));
}

/**
 * Versions up to 071914_7 (named month-day-year then; year-month-day from 2015) wrote half the states
 * of a spin-unpolarised run in KS_DOS_total.dat; the factor that restores them.
 */
export function dosScaleOf(version: string | undefined): number {
  const match = /^(\d{2})(\d{2})(\d{2})(?:[._](\d+))?$/.exec(version ?? '');
  if (!match) return 1;
  const [month, day, year, patch] = match.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || year > 14) return 1;
  const stamp = ((year * 100 + month) * 100 + day) * 100 + patch;
  return stamp <= 14071907 ? 2 : 1;
}
