// The tables of an ORCA output, declared on the text toolkit (in ORCA's units): coordinates, orbital
// energies, the gradient, Mulliken charges and orbital populations, and the TD-DFT absorption spectrum.
import { numbersIn } from '../../text/numbers.ts';
import { blocks, every, fields, first, integer, real, table, tables, text } from '../../text/rules.ts';
import { spans } from '../../text/spans.ts';

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

const xyz = (a: number, b: number, c: number) => (match: RegExpExecArray) => {
  const values = [match[a], match[b], match[c]].map(Number);
  return values.some(Number.isNaN) ? undefined : (values as Vec);
};

/** 'CARTESIAN COORDINATES (ANGSTROEM)': rows of symbol (with '>' for an embedding ECP) and x y z. */
export const coordinates = table(
  /^CARTESIAN COORDINATES \(ANGSTROEM\)/,
  /^\s*([A-Z][a-z]?)>?\s+(\S+)\s+(\S+)\s+(\S+)\s*$/,
  fields({ symbol: text(1), position: xyz(2, 3, 4) }),
  { skip: 1 },
);

const ORBITAL_ROW = /^\s*\d+\s+(\S+)\s+(\S+)\s+\S+\s*$/;
const orbitalRows = every(ORBITAL_ROW, fields({ occupation: real(1), energy: real(2) }));

/**
 * 'ORBITAL ENERGIES': one table, or one per spin after 'SPIN UP/DOWN ORBITALS'; blank lines and column
 * names are part of it.
 */
export const orbitalEnergies = spans(
  /^ORBITAL ENERGIES/,
  /^\s*\d+\s+\S+\s+\S+\s+\S+\s*$|SPIN (UP|DOWN) ORBITALS|^\s*(NO\s+OCC|$)/,
  { rows: orbitalRows, channels: blocks(/SPIN (UP|DOWN)\sORBITALS/, { rows: orbitalRows }) },
  { skip: 1 },
);

/** 'CARTESIAN GRADIENT': rows 'n Symbol : gx gy gz' after a blank line. */
export const gradients = spans(
  /^CARTESIAN GRADIENT/,
  /^\s*\d+\s+[A-Z][a-z]?>?\s*:|^\s*$/,
  { rows: every(/^\s*\d+\s+[A-Z][a-z]?>?\s*:\s*(.*)$/, (match) => numbersIn(match[1]!).slice(0, 3) as Vec) },
  { skip: 1 },
);

/** 'MULLIKEN ATOMIC CHARGES [AND SPIN POPULATIONS]': rows 'n Symbol : charge [spin]'. */
export const atomCharges = tables(
  /^MULLIKEN ATOMIC CHARGES/,
  /^\s*\d+\s+[A-Z][a-z]?>?\s*:\s*(-?\d+\.\d+)/,
  real(),
  {
    skip: 1,
  },
);

const FIRST_ORBITAL = /^\s*(\d+)\s+[A-Z][a-z]?>?\s+(\S+)\s*:\s*(-?\d+\.\d+)/;
const NEXT_ORBITAL = /^\s+([a-z][a-z0-9+-]*)\s*:\s*(-?\d+\.\d+)/;

/**
 * 'MULLIKEN REDUCED ORBITAL CHARGES': per atom, 'n Symbol orbital : population' then '   orbital :
 * population' rows; a shell total ('p :   1.88') may follow on the row and is left out. With spin
 * populations a 'CHARGE' table comes first, then a 'SPIN' one, which ends the reading.
 */
export const orbitalCharges = spans(
  /^MULLIKEN REDUCED ORBITAL CHARGES/,
  /^\s*CHARGE\s*$|^\s*\d+\s+[A-Z][a-z]?>?\s+\S+\s*:\s*-?\d+\.\d+|^\s+[a-z][a-z0-9+-]*\s*:\s*-?\d+\.\d+/,
  {
    atoms: blocks(FIRST_ORBITAL, {
      first: first(FIRST_ORBITAL, fields({ atomIndex: integer(1), orbital: text(2), population: real(3) })),
      next: every(NEXT_ORBITAL, fields({ orbital: text(1), population: real(2) })),
    }),
  },
  { skip: 1 },
);

/** 'ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS': state, cm⁻¹, nm, fosc, T2, TX, TY, TZ. */
export const absorption = tables(
  /ABSORPTION SPECTRUM VIA TRANSITION ELECTRIC DIPOLE MOMENTS/,
  /^\s*\d+\s.*$/,
  (match): OrcaExcitation | undefined => {
    const numbers = numbersIn(match[0]);
    if (numbers.length < 8) return undefined;
    return {
      energy: numbers[1]!,
      oscillatorStrength: numbers[3]!,
      dipole: [numbers[5]!, numbers[6]!, numbers[7]!],
    };
  },
  { skip: 4 },
);
