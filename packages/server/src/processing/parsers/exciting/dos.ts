// exciting's density of states beside INFO.OUT: dos.xml (total DOS per spin, and per atom and (l, m)),
// else TDOS.OUT (a block of 'energy DOS' rows per spin channel); the GW run's TDOS-QP.OUT likewise.
// Energies are in Hartree relative to the Fermi energy, DOS in states/Hartree/cell: NOMAD stores them
// on the absolute scale of the calculation's other energies (the Fermi energy added back) in J and 1/J.
import { HARTREE } from '@oasis/chem';
import type { RunCalculation, RunDos } from '@oasis/schema';
import { readPlacedSideFile } from './placed-side-file.ts';
import { numbersIn } from '../../text/numbers.ts';

const MAX_DOS_BYTES = 256 * 1024 ** 2;

interface Projection {
  /** 0-based, in the order of INFO.OUT's atoms. */
  atom: number;
  l: number;
  m: number;
  /** [spin][energy] */
  values: number[][];
}

export interface ExcitingDos {
  /** Hartree, relative to the Fermi energy */
  energies: number[];
  /** [spin][energy], states/Hartree/cell */
  total: number[][];
  projections: Projection[];
}

/** A <diagram>'s attributes. */
const NSPIN = /\bnspin="([^"]*)"/;
const L = /\bl="([^"]*)"/;
const M = /\bm="([^"]*)"/;

/** dos.xml's diagrams, or a sentence saying what is wrong. */
export function readDosXml(text: string): ExcitingDos | string {
  const energies: number[] = [];
  const total: number[][] = [];
  const projections: Projection[] = [];
  let section: 'total' | 'partial' | 'other' = 'other';
  let atom = -1;
  let current: number[] | undefined;
  // Projections by atom, l and m: a large cell has thousands of diagrams.
  const byKey = new Map<string, Projection>();
  let firstDiagram = true;
  const tokens =
    /<(totaldos|partialdos|interstitialdos)\b[^>]*>|<diagram\b([^>]*)>|<point\s+e="([^"]*)"\s+dos="([^"]*)"/g;
  for (const token of text.matchAll(tokens)) {
    if (token[1]) {
      section = token[1] === 'totaldos' ? 'total' : token[1] === 'partialdos' ? 'partial' : 'other';
      if (section === 'partial') atom += 1;
      current = undefined;
      continue;
    }
    if (token[2] !== undefined) {
      if (current) firstDiagram = false;
      current = undefined;
      if (section === 'other') continue;
      const attribute = (pattern: RegExp) => Number(pattern.exec(token[2]!)?.[1]);
      const spin = Math.max(0, (attribute(NSPIN) || 1) - 1);
      current = [];
      if (section === 'total') total[spin] = current;
      else {
        const l = attribute(L);
        const m = attribute(M);
        const key = `${atom} ${l} ${m}`;
        let projection = byKey.get(key);
        if (!projection) {
          projection = { atom, l, m, values: [] };
          projections.push(projection);
          byKey.set(key, projection);
        }
        projection.values[spin] = current;
      }
      continue;
    }
    if (!current) continue;
    if (firstDiagram && section === 'total') energies.push(Number(token[3]));
    current.push(Number(token[4]));
  }
  if (total.length === 0 || energies.length === 0) return 'dos.xml has no total DOS';
  if (total.some((values) => values.length !== energies.length))
    return `dos.xml's total DOS diagrams have not all ${energies.length} points`;
  return { energies, total, projections };
}

/** TDOS.OUT's blocks, one per spin channel, or a sentence saying what is wrong. */
export function readTdos(text: string, name: string): ExcitingDos | string {
  const blocks: number[][][] = [[]];
  for (const line of text.split(/\r?\n/)) {
    const row = numbersIn(line);
    if (row.length >= 2) blocks[blocks.length - 1]!.push(row);
    else if (blocks[blocks.length - 1]!.length > 0) blocks.push([]);
  }
  const spins = blocks.filter((block) => block.length > 0);
  if (spins.length === 0) return `${name} has no 'energy DOS' rows`;
  const energies = spins[0]!.map((row) => row[0]!);
  if (spins.some((block) => block.length !== energies.length))
    return `${name}'s spin channels have different numbers of energies`;
  // The spin-down channel is printed negative (for plotting below the axis).
  const total = spins.map((block) => block.map((row) => Math.abs(row[1]!)));
  return { energies, total, projections: [] };
}

/**
 * NOMAD's dos_electronic, one per spin channel: energies shifted back by the Fermi energy (J), the
 * total DOS and the DOS projected per (l, m) on each atom (1/J), projections ordered by (l, m), then atom.
 */
export function dosSections(dos: ExcitingDos, fermi: number): RunDos[] {
  const spins = dos.total.length;
  const energies = dos.energies.map((e) => (e + fermi) * HARTREE);
  const ordered = [...dos.projections].sort((a, b) => a.l - b.l || a.m - b.m || a.atom - b.atom);
  return dos.total.map((values, spin) => {
    const section: RunDos = {
      n_energies: energies.length,
      energies,
      energy_fermi: fermi * HARTREE,
      total: [{ value: values.map((v) => v / HARTREE) }],
    };
    if (spins === 2) section.spin_channel = spin;
    const projected = ordered
      .filter((p) => p.values[spin]?.length === energies.length)
      .map((p) => ({
        atom_index: p.atom,
        m_kind: 'spherical',
        lm: [p.l, p.m],
        value: p.values[spin]!.map((v) => v / HARTREE),
      }));
    if (projected.length > 0) section.atom_projected = projected;
    return section;
  });
}

/**
 * The DOS of the first of `names` beside the mainfile as the calculation's dos_electronic; nothing
 * without a Fermi energy to place it; a file too large or malformed is a warning naming it.
 */
export async function addDos(
  calculation: RunCalculation,
  names: readonly string[],
  fermi: number | undefined,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const read = await readPlacedSideFile(
    names,
    fermi,
    { mainfile, rawRoot, maxBytes: MAX_DOS_BYTES },
    (text, name) => (name.endsWith('.xml') ? readDosXml(text) : readTdos(text, name)),
    warn,
  );
  if (read) calculation.dos_electronic = dosSections(read.value, read.fermi);
}
