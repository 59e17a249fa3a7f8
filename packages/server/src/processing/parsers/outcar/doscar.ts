// DOSCAR, the density of states VASP writes beside the OUTCAR: a header, the total DOS (energy, DOS
// and integrated DOS per spin) and, with LORBIT, one block per ion projected on orbitals.
import type { RawDos } from '../vasp/raw.ts';

/** Orbital columns of a projected block by their count (VASP's order; lm-resolved for 9 and 16). */
const ORBITALS: Readonly<Record<number, readonly string[]>> = {
  3: ['s', 'p', 'd'],
  4: ['s', 'p', 'd', 'f'],
  9: ['s', 'py', 'pz', 'px', 'dxy', 'dyz', 'dz2', 'dxz', 'x2-y2'],
  16: [
    's',
    'py',
    'pz',
    'px',
    'dxy',
    'dyz',
    'dz2',
    'dxz',
    'x2-y2',
    'fy3x2',
    'fxyz',
    'fyz2',
    'fz3',
    'fxz2',
    'fzx2',
    'fx3',
  ],
};

/** Plain whitespace-separated columns: split, twice as fast as numbersIn on DOSCAR's many rows. */
const numbers = (line: string): number[] =>
  line
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map(Number);

/**
 * Reads a DOSCAR for `nIons` ions. Non-collinear runs (`noncollinear`) write four columns per orbital
 * (density, then magnetisation along x, y, z): only the density is kept. Throws when the layout does
 * not fit; the projected blocks are left out (not an error) when their columns name no orbital set.
 */
export function readDoscar(text: string, nIons: number, noncollinear: boolean): RawDos {
  const lines = text.split(/\r?\n/);
  const declared = numbers(lines[0] ?? '')[0];
  if (declared !== nIons) throw new Error(`DOSCAR is for ${declared ?? '?'} ions, the run has ${nIons}`);
  const header = numbers(lines[5] ?? '');
  const nedos = header[2];
  if (nedos === undefined || !Number.isInteger(nedos) || nedos <= 0) {
    throw new Error('DOSCAR: line 6 does not give the number of energies (NEDOS)');
  }
  const dos: RawDos = { energies: [], total: [], integrated: [] };
  const efermi = header[3];
  if (efermi !== undefined && Number.isFinite(efermi)) dos.efermi = efermi;
  const first = numbers(lines[6] ?? '');
  // 3 columns: energy, DOS, integrated; 5: the same for spin up and down.
  const nSpin = first.length === 5 ? 2 : 1;
  for (let s = 0; s < nSpin; s++) {
    dos.total.push([]);
    dos.integrated.push([]);
  }
  for (let e = 0; e < nedos; e++) {
    const row = numbers(lines[6 + e] ?? '');
    if (row.length < 1 + 2 * nSpin)
      throw new Error(`DOSCAR line ${7 + e}: expected ${1 + 2 * nSpin} numbers`);
    dos.energies.push(row[0] as number);
    for (let s = 0; s < nSpin; s++) {
      dos.total[s]?.push(row[1 + s] as number);
      dos.integrated[s]?.push(row[1 + nSpin + s] as number);
    }
  }
  let start = 6 + nedos;
  const perOrbital = noncollinear ? 4 : nSpin;
  const values: number[][][][] = [];
  let fields: readonly string[] | undefined;
  for (let ion = 0; ion < nIons; ion++) {
    // Each ion's block repeats the header line first.
    if (numbers(lines[start] ?? '').length < 4) break;
    const columns = numbers(lines[start + 1] ?? '').length - 1;
    const names = ORBITALS[columns / perOrbital];
    if (!names) break;
    fields = names;
    const ionValues: number[][][] = Array.from({ length: nSpin }, () => names.map(() => [] as number[]));
    for (let e = 0; e < nedos; e++) {
      const row = numbers(lines[start + 1 + e] ?? '');
      if (row.length !== columns + 1)
        throw new Error(`DOSCAR line ${start + 2 + e}: expected ${columns + 1} numbers`);
      names.forEach((_, f) => {
        for (let s = 0; s < nSpin; s++) ionValues[s]?.[f]?.push(row[1 + f * perOrbital + s] as number);
      });
    }
    values.push(ionValues);
    start += 1 + nedos;
  }
  if (fields && values.length === nIons) dos.partial = { fields: [...fields], values };
  return dos;
}
