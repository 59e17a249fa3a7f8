// What ElaStic writes: INFO_ElaStic (order, method, DFT code, space group, equilibrium volume, strains),
// ElaStic_2nd.out (stiffness and compliance matrices in GPa, Voigt/Reuss/Hill moduli, Poisson ratios,
// eigenvalues), the energy-strain curves 'DstNN-Energy.dat', and the equilibrium structure from the DFT
// code's input (exciting's input.xml: scale, basevect, species files and atom coordinates).
import { numbersIn } from '../../text/numbers.ts';

type Vec = [number, number, number];

export interface ElasticInfo {
  order?: number;
  method?: string;
  code?: string;
  spaceGroup?: number;
  /** bohr³ */
  volume?: number;
  maxStrain?: number;
  deformations?: number;
}

export interface ElasticResults {
  /** GPa, 6×6 Voigt */
  stiffness?: number[][];
  /** 1/GPa */
  compliance?: number[][];
  /** GPa, by quantity ('B_V', 'G_V', 'B_R', 'G_R', 'B_H', 'G_H', 'E_V' ...), and 'nu_V' ... unitless. */
  moduli: Map<string, number>;
  /** GPa */
  eigenvalues: number[];
}

export function readElasticInfo(text: string): ElasticInfo {
  const value = (pattern: RegExp) => {
    const match = pattern.exec(text);
    return match ? match[1]!.trim() : undefined;
  };
  if (!/Order of elastic constants/.test(text))
    throw new Error("not an INFO_ElaStic: no 'Order of elastic constants' line");
  const number = (pattern: RegExp) => {
    const found = value(pattern);
    return found === undefined ? undefined : numbersIn(found)[0];
  };
  const info: ElasticInfo = {};
  const order = number(/Order of elastic constants\s*=\s*(\S+)/);
  if (order !== undefined) info.order = order;
  const method = value(/Method of calculation\s*=\s*(\S+)/);
  if (method) info.method = method.toLowerCase();
  const code = value(/DFT code name\s*=\s*(\S+)/);
  if (code) info.code = code;
  const spaceGroup = number(/Space-group number\s*=\s*(\S+)/);
  if (spaceGroup !== undefined) info.spaceGroup = spaceGroup;
  const volume = number(/Volume of equilibrium unit cell\s*=\s*(\S+)/);
  if (volume !== undefined) info.volume = volume;
  const strain = number(/Maximum Lagrangian strain\s*=\s*(\S+)/);
  if (strain !== undefined) info.maxStrain = strain;
  const deformations = number(/Number of distorted structures\s*=\s*(\S+)/);
  if (deformations !== undefined) info.deformations = deformations;
  return info;
}

function matrixAfter(lines: string[], heading: RegExp): number[][] | undefined {
  const at = lines.findIndex((line) => heading.test(line));
  if (at < 0) return undefined;
  const rows = lines
    .slice(at + 1)
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .map(numbersIn);
  return rows.length === 6 && rows.every((row) => row.length === 6) ? rows : undefined;
}

export function readElasticResults(text: string): ElasticResults {
  const lines = text.split(/\r?\n/);
  const moduli = new Map<string, number>();
  for (const match of text.matchAll(/\b(B|G|E|nu)_([VRH])\s*=\s*(\S+)/g))
    moduli.set(`${match[1]}_${match[2]}`, Number(match[3]));
  const eigenAt = lines.findIndex((line) =>
    /Eigenvalues of elastic constant \(stiffness\) matrix/.test(line),
  );
  const eigenvalues: number[] = [];
  if (eigenAt >= 0)
    for (const line of lines.slice(eigenAt + 1)) {
      const numbers = numbersIn(line);
      if (line.trim() === '' && eigenvalues.length === 0) continue;
      if (numbers.length !== 1) break;
      eigenvalues.push(numbers[0]!);
    }
  const results: ElasticResults = { moduli, eigenvalues };
  const stiffness = matrixAfter(lines, /Elastic constant \(stiffness\) matrix in GPa/);
  if (stiffness) results.stiffness = stiffness;
  const compliance = matrixAfter(lines, /Elastic compliance matrix in 1\/GPa/);
  if (compliance) results.compliance = compliance;
  return results;
}

/** An energy-strain file: Lagrangian strain and energy (Hartree) per line. */
export const readEnergyStrain = (text: string): { strain: number[]; energy: number[] } => {
  const rows = text
    .split(/\r?\n/)
    .map(numbersIn)
    .filter((row) => row.length >= 2);
  return { strain: rows.map((row) => row[0]!), energy: rows.map((row) => row[1]!) };
};

/** exciting's input.xml structure: cell rows (bohr), species and fractional coordinates. */
export function readExcitingInput(
  text: string,
): { cell: [Vec, Vec, Vec]; species: string[]; fractional: Vec[] } | undefined {
  const scale = Number(/<crystal[^>]*\bscale="([^"]+)"/.exec(text)?.[1] ?? '1');
  const vectors = [...text.matchAll(/<basevect>([^<]+)<\/basevect>/g)].map(
    (m) =>
      numbersIn(m[1]!)
        .slice(0, 3)
        .map((x) => x * scale) as Vec,
  );
  if (vectors.length !== 3) return undefined;
  const species: string[] = [];
  const fractional: Vec[] = [];
  for (const block of text.matchAll(
    /<species\b[^>]*speciesfile="([A-Za-z]+)\.xml"[^>]*>([\s\S]*?)<\/species>/g,
  )) {
    for (const atom of block[2]!.matchAll(/<atom\b[^>]*coord="([^"]+)"/g)) {
      species.push(block[1]!);
      fractional.push(numbersIn(atom[1]!).slice(0, 3) as Vec);
    }
  }
  return species.length > 0 ? { cell: vectors as [Vec, Vec, Vec], species, fractional } : undefined;
}
