// Multi-line OUTCAR blocks read from a given line: the irreducible k-points, the energies of one
// electronic (scf) iteration and the eigenvalues of one k-point. Each returns where it stopped, so
// the caller's single pass over the lines goes on from there.
import type { Vec3 } from '../../structure.ts';

export interface OutcarKpoints {
  /** Fractional coordinates (reciprocal lattice). */
  points: Vec3[];
  /** How many k-points of the full mesh each stands for ('Weight' of IBZKPT), when printed. */
  multiplicities?: number[];
  /** Normalised weights (sum 1). */
  weights: number[];
}

export interface ScfEnergies {
  /** eV */
  free?: number;
  withoutEntropy?: number;
  sigma0?: number;
  /** EBANDS, the sum of the eigenvalues. */
  sumEigenvalues?: number;
}

const ROW = /^\s*([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*$/;

/**
 * Rows 'x y z weight' from `start` until the first line that is not one. `multiplicities` says
 * the weights are counts (IBZKPT's 'Found N irreducible k-points') rather than fractions.
 */
export function readKpointRows(
  lines: readonly string[],
  start: number,
  multiplicities: boolean,
): { kpoints: OutcarKpoints; end: number } {
  const points: Vec3[] = [];
  const raw: number[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    const m = ROW.exec(lines[i] ?? '');
    if (!m) break;
    points.push([Number(m[1]), Number(m[2]), Number(m[3])]);
    raw.push(Number(m[4]));
  }
  const total = raw.reduce((a, b) => a + b, 0);
  const kpoints: OutcarKpoints = { points, weights: total > 0 ? raw.map((w) => w / total) : raw };
  if (multiplicities) kpoints.multiplicities = raw;
  return { kpoints, end: i };
}

const SCF = {
  toten: /free\s+energy\s+TOTEN\s*=\s*([-+.\dEe]+)/,
  withoutEntropy: /energy\s+without\s+entropy\s*=\s*([-+.\dEe]+)/,
  sigma0: /energy\(sigma->0\)\s*=\s*([-+.\dEe]+)/,
  ebands: /eigenvalues\s+EBANDS\s*=\s*([-+.\dEe]+)/,
};

/** The 'Free energy of the ion-electron system (eV)' block of one scf iteration (a dozen lines). */
export function readScfEnergies(lines: readonly string[], start: number): ScfEnergies {
  const energies: ScfEnergies = {};
  const take = (pattern: RegExp, line: string): number | undefined => {
    const m = pattern.exec(line);
    const value = m ? Number(m[1]) : Number.NaN;
    return Number.isFinite(value) ? value : undefined;
  };
  for (let k = start + 1; k < Math.min(lines.length, start + 20); k++) {
    const line = lines[k] ?? '';
    energies.sumEigenvalues ??= take(SCF.ebands, line);
    energies.free ??= take(SCF.toten, line);
    energies.withoutEntropy ??= take(SCF.withoutEntropy, line);
    energies.sigma0 ??= take(SCF.sigma0, line);
    if (energies.sigma0 !== undefined) break;
  }
  return energies;
}

const BAND_ROW = /^\s*\d+\s+([-+]?\d*\.\d+)\s+([-+]?\d*\.\d+)\s*$/;

/** The 'band No.  band energies  occupation' rows after `start` (the header line). */
export function readBandRows(
  lines: readonly string[],
  start: number,
): { energies: number[]; occupations: number[]; end: number } {
  const energies: number[] = [];
  const occupations: number[] = [];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const m = BAND_ROW.exec(lines[i] ?? '');
    if (!m) break;
    energies.push(Number(m[1]));
    occupations.push(Number(m[2]));
  }
  return { energies, occupations, end: i - 1 };
}
