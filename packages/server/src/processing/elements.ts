// Chemical element tables shared by the parsers and normalizers.

/** Symbols by atomic number (index 0 is the placeholder 'X', as in ASE and NOMAD). */
// prettier-ignore
export const CHEMICAL_SYMBOLS: readonly string[] = [
  'X',
  'H', 'He',
  'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne',
  'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar',
  'K', 'Ca', 'Sc', 'Ti', 'V', 'Cr', 'Mn', 'Fe', 'Co', 'Ni', 'Cu', 'Zn',
  'Ga', 'Ge', 'As', 'Se', 'Br', 'Kr',
  'Rb', 'Sr', 'Y', 'Zr', 'Nb', 'Mo', 'Tc', 'Ru', 'Rh', 'Pd', 'Ag', 'Cd',
  'In', 'Sn', 'Sb', 'Te', 'I', 'Xe',
  'Cs', 'Ba', 'La', 'Ce', 'Pr', 'Nd', 'Pm', 'Sm', 'Eu', 'Gd', 'Tb', 'Dy', 'Ho', 'Er', 'Tm', 'Yb',
  'Lu', 'Hf', 'Ta', 'W', 'Re', 'Os', 'Ir', 'Pt', 'Au', 'Hg', 'Tl', 'Pb', 'Bi', 'Po', 'At', 'Rn',
  'Fr', 'Ra', 'Ac', 'Th', 'Pa', 'U', 'Np', 'Pu', 'Am', 'Cm', 'Bk', 'Cf', 'Es', 'Fm', 'Md', 'No',
  'Lr', 'Rf', 'Db', 'Sg', 'Bh', 'Hs', 'Mt', 'Ds', 'Rg', 'Cn', 'Nh', 'Fl', 'Mc', 'Lv', 'Ts', 'Og',
];

const SYMBOL_SET: ReadonlySet<string> = new Set(CHEMICAL_SYMBOLS.slice(1));

/** The placeholder symbol NOMAD uses for unknown species. */
export const UNKNOWN_SYMBOL = 'X';

export function isElementSymbol(symbol: string): boolean {
  return SYMBOL_SET.has(symbol);
}

export function atomicNumber(symbol: string): number | undefined {
  const index = CHEMICAL_SYMBOLS.indexOf(symbol);
  return index > 0 ? index : undefined;
}

/**
 * Element order of IUPAC "Nomenclature of Inorganic Chemistry" (2005), Table VI, as pymatgen's
 * `iupac_ordering` encodes it (NOMAD's chemical_formula_iupac sorts by that): noble gases, groups
 * 1 and 2, actinides, lanthanides, then groups 3..17 with heavier elements first, hydrogen between
 * groups 15 and 16. Elements beyond this list sort last.
 */
// prettier-ignore
export const IUPAC_ORDER: readonly string[] = [
  'Rn', 'Xe', 'Kr', 'Ar', 'Ne', 'He',
  'Fr', 'Cs', 'Rb', 'K', 'Na', 'Li',
  'Ra', 'Ba', 'Sr', 'Ca', 'Mg', 'Be',
  'Lr', 'No', 'Md', 'Fm', 'Es', 'Cf', 'Bk', 'Cm', 'Am', 'Pu', 'Np', 'U', 'Pa', 'Th', 'Ac',
  'Lu', 'Yb', 'Tm', 'Er', 'Ho', 'Dy', 'Tb', 'Gd', 'Eu', 'Sm', 'Pm', 'Nd', 'Pr', 'Ce', 'La',
  'Y', 'Sc',
  'Hf', 'Zr', 'Ti',
  'Ta', 'Nb', 'V',
  'W', 'Mo', 'Cr',
  'Re', 'Tc', 'Mn',
  'Os', 'Ru', 'Fe',
  'Ir', 'Rh', 'Co',
  'Pt', 'Pd', 'Ni',
  'Au', 'Ag', 'Cu',
  'Hg', 'Cd', 'Zn',
  'Tl', 'In', 'Ga', 'Al', 'B',
  'Pb', 'Sn', 'Ge', 'Si', 'C',
  'Bi', 'Sb', 'As', 'P', 'N',
  'H',
  'Po', 'Te', 'Se', 'S', 'O',
  'At', 'I', 'Br', 'Cl', 'F',
];

const IUPAC_RANK: ReadonlyMap<string, number> = new Map(IUPAC_ORDER.map((s, i) => [s, i]));

/** Position in the IUPAC sequence; unlisted symbols (superheavy, 'X') go last. */
export function iupacRank(symbol: string): number {
  return IUPAC_RANK.get(symbol) ?? Number.POSITIVE_INFINITY;
}
