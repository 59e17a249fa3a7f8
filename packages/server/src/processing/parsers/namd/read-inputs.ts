// The files a NAMD run reads and writes beside its log: the configuration ('keyword value' lines), the
// coordinate PDB, the PSF structure (atom names and masses), the binary coordinates written at the end
// (an atom count, then x y z per atom as doubles, in Å) and the extended-system file with the cell.
import { atomicNumber, elementOfMass } from '@oasis/chem';

export type ConfigValue = number | string;

/** The configuration's 'keyword value' lines (comments and Tcl blocks left out); a repeated keyword keeps its last value. */
export function readNamdConfig(text: string): Record<string, ConfigValue> {
  const parameters: Record<string, ConfigValue> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(?:^|\s)#.*$/, '').trim();
    const match = /^([A-Za-z0-9][\w-]*)\s+(.+)$/.exec(line);
    if (!match) continue;
    const value = match[2]!.replace(/;$/, '').trim();
    parameters[match[1]!] = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(value) ? Number(value) : value;
  }
  return parameters;
}

export interface PdbAtom {
  name: string;
  element?: string;
  /** Å */
  position: [number, number, number];
}

/** ATOM and HETATM records (fixed columns) and the CRYST1 cell, if any, as a, b, c, α, β, γ. */
export function readPdb(text: string, file: string): { atoms: PdbAtom[]; cryst?: number[] } {
  const atoms: PdbAtom[] = [];
  let cryst: number[] | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.startsWith('CRYST1')) cryst = line.slice(6, 54).trim().split(/\s+/).map(Number);
    if (!line.startsWith('ATOM') && !line.startsWith('HETATM')) return;
    const position = [30, 38, 46].map((at) => Number(line.slice(at, at + 8))) as [number, number, number];
    if (position.some((x) => !Number.isFinite(x)) || line.length < 54)
      throw new Error(`${file} line ${index + 1}: an atom record without a position`);
    const element = line.slice(76, 78).trim();
    atoms.push({ name: line.slice(12, 16), ...(element ? { element } : {}), position });
  });
  if (atoms.length === 0) throw new Error(`${file} has no atoms`);
  return { atoms, ...(cryst && cryst.length === 6 && cryst.every(Number.isFinite) ? { cryst } : {}) };
}

/** The PSF's atoms: name and mass (amu), in order. */
export function readPsf(text: string, file: string): { name: string; mass: number }[] {
  const lines = text.split(/\r?\n/);
  const heading = lines.findIndex((line) => /!NATOM/.test(line));
  if (heading < 0) throw new Error(`${file} has no !NATOM section`);
  const count = Number(lines[heading]!.trim().split(/\s+/)[0]);
  return lines.slice(heading + 1, heading + 1 + count).map((line, k) => {
    const tokens = line.trim().split(/\s+/);
    const mass = Number(tokens[7]);
    if (tokens.length < 8 || !Number.isFinite(mass))
      throw new Error(`${file} line ${heading + 2 + k}: an atom expected`);
    return { name: tokens[4]!, mass };
  });
}

/** NAMD's binary coordinates: int32 count, then 3 doubles per atom, little-endian as NAMD writes them on x86. */
export function readNamdBinary(bytes: Uint8Array, file: string): [number, number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 4) throw new Error(`${file} is shorter than its atom count`);
  let little = true;
  let count = view.getInt32(0, true);
  if (4 + 24 * count !== bytes.byteLength) {
    little = false;
    count = view.getInt32(0, false);
  }
  if (count < 0 || 4 + 24 * count !== bytes.byteLength)
    throw new Error(`${file} is not a NAMD binary coordinate file of ${bytes.byteLength} bytes`);
  return Array.from({ length: count }, (_, k) => {
    const at = 4 + 24 * k;
    return [view.getFloat64(at, little), view.getFloat64(at + 8, little), view.getFloat64(at + 16, little)];
  });
}

/** The cell of an extended-system file: the last data line's a, b and c vectors (Å). */
export function readXsc(text: string): number[][] | undefined {
  const rows = text.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith('#'));
  const values = rows.at(-1)?.trim().split(/\s+/).map(Number);
  if (!values || values.length < 10 || values.some((x) => !Number.isFinite(x))) return undefined;
  return [values.slice(1, 4), values.slice(4, 7), values.slice(7, 10)];
}

/** An element from a PDB atom name: a name starting in column 13 may be a two-letter element ('ZN  '). */
function elementOfName(name: string): string {
  // Four-character hydrogen names ('HG11') fill the columns from 13 on.
  if (/^H[A-Z0-9]{3}$/.test(name)) return 'H';
  const twoLetter = /^([A-Z])([A-Za-z])/.exec(name);
  if (twoLetter) {
    const symbol = twoLetter[1]! + twoLetter[2]!.toLowerCase();
    if (atomicNumber(symbol)) return symbol;
  }
  const letter = /[A-Za-z]/.exec(name)?.[0]?.toUpperCase();
  return letter && atomicNumber(letter) ? letter : 'X';
}

/** Elements of the atoms: by PSF mass where the PSF is there, else the PDB's element column, else the name. */
export function elementsOf(
  atoms: readonly PdbAtom[],
  psf: readonly { mass: number }[] | undefined,
): string[] {
  return atoms.map((atom, k) => {
    const byMass = psf?.[k] ? elementOfMass(psf[k].mass) : undefined;
    if (byMass) return byMass;
    const element = atom.element && atom.element[0]! + atom.element.slice(1).toLowerCase();
    if (element && atomicNumber(element)) return element;
    return elementOfName(atom.name);
  });
}
