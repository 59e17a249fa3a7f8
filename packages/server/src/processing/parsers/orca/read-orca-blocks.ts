// Blocks of an ORCA output read from their heading line (in ORCA's units): coordinates, orbital energies,
// the gradient, Mulliken charges and orbital populations, and the TD-DFT absorption spectrum.
import { numbersIn } from '../text/numbers.ts';

export type Vec = [number, number, number];

export interface OrcaGeometry {
  /** Element symbols; 'Q' for an embedding point charge. */
  species: string[];
  /** Å */
  positions: Vec[];
}

export type OrcaOrbital = { occupation: number; energy: number };

export interface OrcaCharges {
  /** e per atom */
  atoms: number[];
  /** Electrons per atomic orbital ('s', 'pz', 'dxy' ...), per atom. */
  orbitals: { atomIndex: number; orbital: string; population: number }[];
}

export interface OrcaExcitation {
  /** cm⁻¹ */
  energy: number;
  oscillatorStrength: number;
  /** e·bohr */
  dipole: Vec;
}

/** 'CARTESIAN COORDINATES (ANGSTROEM)': rows of symbol (with '>' for an embedding ECP) and x y z. */
export function readCoordinates(
  lines: readonly string[],
  from: number,
): { geometry: OrcaGeometry; end: number } {
  const geometry: OrcaGeometry = { species: [], positions: [] };
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const atom = /^\s*([A-Z][a-z]?)>?\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[k]!);
    if (!atom) break;
    geometry.species.push(atom[1]!);
    geometry.positions.push([Number(atom[2]), Number(atom[3]), Number(atom[4])]);
    end = k;
  }
  return { geometry, end };
}

/** 'ORBITAL ENERGIES': one table, or one per spin after 'SPIN UP/DOWN ORBITALS'. */
export function readOrbitals(
  lines: readonly string[],
  from: number,
): { orbitals: OrcaOrbital[][]; end: number } {
  const orbitals: OrcaOrbital[][] = [];
  let channel: OrcaOrbital[] = [];
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const row = lines[k]!;
    if (/SPIN (UP|DOWN) ORBITALS/.test(row)) {
      if (channel.length > 0) orbitals.push(channel);
      channel = [];
      continue;
    }
    const orbital = /^\s*\d+\s+(\S+)\s+(\S+)\s+\S+\s*$/.exec(row);
    if (orbital) channel.push({ occupation: Number(orbital[1]), energy: Number(orbital[2]) });
    else if (!/^\s*(NO\s+OCC|$)/.test(row)) break;
    end = k;
  }
  if (channel.length > 0) orbitals.push(channel);
  return { orbitals, end };
}

/** 'CARTESIAN GRADIENT': rows 'n Symbol : gx gy gz'. */
export function readGradient(lines: readonly string[], from: number): { gradient: Vec[]; end: number } {
  const gradient: Vec[] = [];
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const row = /^\s*\d+\s+[A-Z][a-z]?>?\s*:\s*(.*)$/.exec(lines[k]!);
    if (row) gradient.push(numbersIn(row[1]!).slice(0, 3) as Vec);
    else if (gradient.length > 0) break;
    end = k;
  }
  return { gradient, end };
}

/** 'MULLIKEN ATOMIC CHARGES [AND SPIN POPULATIONS]': rows 'n Symbol : charge [spin]'. */
export function readAtomCharges(lines: readonly string[], from: number): { charges: number[]; end: number } {
  const charges: number[] = [];
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const row = /^\s*\d+\s+[A-Z][a-z]?>?\s*:\s*(-?\d+\.\d+)/.exec(lines[k]!);
    if (!row) break;
    charges.push(Number(row[1]));
    end = k;
  }
  return { charges, end };
}

/**
 * 'MULLIKEN REDUCED ORBITAL CHARGES': per atom, 'n Symbol orbital : population' then '   orbital :
 * population' rows; a shell total ('p :   1.88') may follow on the row and is left out. With spin
 * populations a 'CHARGE' table comes first, then a 'SPIN' one, which ends the reading.
 */
export function readOrbitalCharges(
  lines: readonly string[],
  from: number,
): { orbitals: OrcaCharges['orbitals']; end: number } {
  const orbitals: OrcaCharges['orbitals'] = [];
  let atomIndex = -1;
  let end = from;
  for (let k = from + 2; k < lines.length; k += 1) {
    const row = lines[k]!;
    if (/^\s*CHARGE\s*$/.test(row)) continue;
    const first = /^\s*(\d+)\s+[A-Z][a-z]?>?\s+(\S+)\s*:\s*(-?\d+\.\d+)/.exec(row);
    const next = first ? null : /^\s+([a-z][a-z0-9+-]*)\s*:\s*(-?\d+\.\d+)/.exec(row);
    if (first) {
      atomIndex = Number(first[1]);
      orbitals.push({ atomIndex, orbital: first[2]!, population: Number(first[3]) });
    } else if (next && atomIndex >= 0)
      orbitals.push({ atomIndex, orbital: next[1]!, population: Number(next[2]) });
    else break;
    end = k;
  }
  return { orbitals, end };
}

/** 'ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS': state, cm⁻¹, nm, fosc, T2, TX, TY, TZ. */
export function readAbsorption(
  lines: readonly string[],
  from: number,
): { excitations: OrcaExcitation[]; end: number } {
  const excitations: OrcaExcitation[] = [];
  let end = from;
  for (let k = from + 5; k < lines.length; k += 1) {
    const numbers = /^\s*\d+\s/.test(lines[k]!) ? numbersIn(lines[k]!) : [];
    if (numbers.length < 8) break;
    excitations.push({
      energy: numbers[1]!,
      oscillatorStrength: numbers[3]!,
      dipole: [numbers[5]!, numbers[6]!, numbers[7]!],
    });
    end = k;
  }
  return { excitations, end };
}
