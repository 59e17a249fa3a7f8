// The Kohn-Sham eigenvalues an ABINIT output prints at the end of a dataset ('Eigenvalues (hartree)
// for nkpt= 6 k points, SPIN UP:'), per k-point its weight, coordinates, energies and occupations.
import { numbersIn } from '../../text/numbers.ts';

type Vec = [number, number, number];

export interface AbinitEigenvalues {
  kpoints: Vec[];
  weights: number[];
  /** Hartree, [spin][k-point][band] */
  energies: number[][][];
  /** [spin][k-point][band], when printed */
  occupations?: number[][][];
}

const KPOINT = /^\s*kpt#\s*\d+,\s*nband=\s*(\d+),\s*wtk=\s*(\S+),\s*kpt=\s*(\S+)\s+(\S+)\s+(\S+)/;

/** `count` numbers from the lines after `from`; the index of the last line read. */
function readNumbers(lines: string[], from: number, count: number): { values: number[]; end: number } {
  const values: number[] = [];
  let k = from;
  while (values.length < count && k + 1 < lines.length && /^\s+-?\d/.test(lines[k + 1]!)) {
    k += 1;
    values.push(...numbersIn(lines[k]!));
  }
  return { values, end: k };
}

/**
 * Reads the block whose heading is `lines[0]` into `into` (a spin channel each). A block with fewer
 * k-points than announced (prtvol) leaves `into` without that spin.
 */
export function readEigenvalues(lines: string[], into: { value?: AbinitEigenvalues }): void {
  const heading = /for nkpt=\s*(\d+)\s+k points(?:, SPIN (UP|DOWN))?/.exec(lines[0] ?? '');
  if (!heading) return;
  const nkpt = Number(heading[1]);
  const down = heading[2] === 'DOWN';
  const kpoints: Vec[] = [];
  const weights: number[] = [];
  const energies: number[][] = [];
  const occupations: number[][] = [];
  let k = 0;
  while (k + 1 < lines.length) {
    const kpoint = KPOINT.exec(lines[k + 1]!);
    if (!kpoint) break;
    k += 1;
    const nband = Number(kpoint[1]);
    weights.push(Number(kpoint[2]));
    kpoints.push([Number(kpoint[3]), Number(kpoint[4]), Number(kpoint[5])]);
    const read = readNumbers(lines, k, nband);
    energies.push(read.values.slice(0, nband));
    k = read.end;
    if (/occupation numbers for kpt#/.test(lines[k + 1] ?? '')) {
      const occupied = readNumbers(lines, k + 1, nband);
      occupations.push(occupied.values.slice(0, nband));
      k = occupied.end;
    }
  }
  const complete = kpoints.length === nkpt && energies.every((e) => e.length === energies[0]!.length);
  if (!complete) return;
  const hasOccupations = occupations.length === nkpt;
  if (!down) {
    into.value = {
      kpoints,
      weights,
      energies: [energies],
      ...(hasOccupations ? { occupations: [occupations] } : {}),
    };
  } else if (into.value && into.value.energies.length === 1) {
    into.value.energies.push(energies);
    if (hasOccupations && into.value.occupations) into.value.occupations.push(occupations);
    else delete into.value.occupations;
  }
}
