// Elk's files beside INFO.OUT that NOMAD reads: EIGVAL.OUT (per k-point its lattice coordinates and each
// second-variational state's eigenvalue and occupation, Hartree) and TDOS.OUT (energy relative to the
// Fermi energy and total DOS, Hartree and states/Hartree/cell; a spin-polarised run prints the spin-down
// channel as a second block, negative). Declared on the text toolkit.
import { readText } from '../../text/read-text.ts';
import { runs } from '../../text/spans.ts';
import { blocks, type Convert, every, first, integer, vector } from '../../text/rules.ts';
import { siblingText } from '../sibling-files.ts';

type Vec = [number, number, number];

export interface ElkEigenvalues {
  nStates: number;
  kpoints: Vec[];
  /** Per k-point, per state: eigenvalue (Hartree) and occupation. */
  states: [number, number][][];
}

export interface ElkDos {
  /** Hartree, relative to the Fermi energy */
  energies: number[];
  /** states/Hartree/cell per spin channel (spin down made positive). */
  total: number[][];
}

const F = '([-+]?\\d*\\.\\d*(?:[EeDd][-+]?\\d+)?)';
const pair = vector(2, 1) as Convert<[number, number]>;

const eigval = {
  nKpoints: first(/^\s*(\d+)\s*:\s*nkpt/, integer()),
  nStates: first(/^\s*(\d+)\s*:\s*nstsv/, integer()),
  kpoints: blocks(/: k-point/, {
    k: first(new RegExp(`^\\s*\\d+\\s+(${F}\\s+${F}\\s+${F})\\s*: k-point`), vector(3, 1) as Convert<Vec>),
    states: every(new RegExp(`^\\s*\\d+\\s+(${F}\\s+${F})\\s*$`), pair),
  }),
};

export function readEigval(content: string, file = 'EIGVAL.OUT'): ElkEigenvalues | string {
  const { values } = readText(eigval, content, file);
  const { nStates, nKpoints, kpoints } = values;
  if (nStates === undefined || nKpoints === undefined) return `${file} has no 'nkpt' and 'nstsv' lines`;
  const complete = kpoints.filter((k) => k.k && k.states.length === nStates);
  if (complete.length !== nKpoints)
    return `${file} has ${complete.length} complete k-points of ${nKpoints}: its eigenvalues are not read`;
  return { nStates, kpoints: complete.map((k) => k.k!), states: complete.map((k) => k.states) };
}

export function readTdos(content: string, file = 'TDOS.OUT'): ElkDos | string {
  const { values } = readText({ blocks: runs(new RegExp(`^\\s*(${F}\\s+${F})\\s*$`), pair) }, content, file);
  const spins = values.blocks.filter((block) => block.length > 0);
  if (spins.length === 0) return `${file} has no rows`;
  const energies = spins[0]!.map(([e]) => e);
  if (spins.some((block) => block.length !== energies.length))
    return `${file}'s spin channels have different numbers of energies`;
  return { energies, total: spins.map((block) => block.map(([, d]) => Math.abs(d))) };
}

/** EIGVAL.OUT and TDOS.OUT beside INFO.OUT, read when there; what could not be read is a warning. */
export async function readElkSideFiles(
  mainfile: string,
  rawRoot: string,
  warn: (message: string) => void,
): Promise<{ eigenvalues?: ElkEigenvalues; dos?: ElkDos }> {
  const found: { eigenvalues?: ElkEigenvalues; dos?: ElkDos } = {};
  const maxBytes = 256 * 1024 ** 2;
  const eig = await siblingText(mainfile, rawRoot, 'EIGVAL.OUT', maxBytes);
  if (eig && 'problem' in eig) warn(eig.problem);
  else if (eig) {
    const read = readEigval(eig.text, eig.name);
    if (typeof read === 'string') warn(read);
    else found.eigenvalues = read;
  }
  const dos = await siblingText(mainfile, rawRoot, 'TDOS.OUT', maxBytes);
  if (dos && 'problem' in dos) warn(dos.problem);
  else if (dos) {
    const read = readTdos(dos.text, dos.name);
    if (typeof read === 'string') warn(read);
    else found.dos = read;
  }
  return found;
}
