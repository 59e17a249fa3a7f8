// Chemical elements by atomic number: symbols, names, standard atomic weights, covalent radii and the
// IUPAC order of formulas.
import { ATOMIC_MASS_UNIT } from './constants.ts';

/** Chemical symbols by atomic number; 'X' (index 0) marks an unknown species, as in ASE and NOMAD. */
// prettier-ignore
export const ELEMENT_SYMBOLS: readonly string[] = [
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

/** English names by atomic number, as ELEMENT_SYMBOLS. */
export const ELEMENT_NAMES: readonly string[] = [
  'Unknown',
  ...(
    'Hydrogen Helium Lithium Beryllium Boron Carbon Nitrogen Oxygen Fluorine Neon Sodium Magnesium ' +
    'Aluminium Silicon Phosphorus Sulfur Chlorine Argon Potassium Calcium Scandium Titanium Vanadium ' +
    'Chromium Manganese Iron Cobalt Nickel Copper Zinc Gallium Germanium Arsenic Selenium Bromine Krypton ' +
    'Rubidium Strontium Yttrium Zirconium Niobium Molybdenum Technetium Ruthenium Rhodium Palladium Silver ' +
    'Cadmium Indium Tin Antimony Tellurium Iodine Xenon Caesium Barium Lanthanum Cerium Praseodymium ' +
    'Neodymium Promethium Samarium Europium Gadolinium Terbium Dysprosium Holmium Erbium Thulium Ytterbium ' +
    'Lutetium Hafnium Tantalum Tungsten Rhenium Osmium Iridium Platinum Gold Mercury Thallium Lead Bismuth ' +
    'Polonium Astatine Radon Francium Radium Actinium Thorium Protactinium Uranium Neptunium Plutonium ' +
    'Americium Curium Berkelium Californium Einsteinium Fermium Mendelevium Nobelium Lawrencium ' +
    'Rutherfordium Dubnium Seaborgium Bohrium Hassium Meitnerium Darmstadtium Roentgenium Copernicium ' +
    'Nihonium Flerovium Moscovium Livermorium Tennessine Oganesson'
  ).split(' '),
];

// Pure, so that a bundle which never asks drops it.
const SYMBOL_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(ELEMENT_SYMBOLS);

export function isElementSymbol(symbol: string): boolean {
  return symbol !== 'X' && SYMBOL_SET.has(symbol);
}

export function atomicNumber(symbol: string): number | undefined {
  const index = ELEMENT_SYMBOLS.indexOf(symbol);
  return index > 0 ? index : undefined;
}

/**
 * Element order of IUPAC "Nomenclature of Inorganic Chemistry" (2005), Table VI, as pymatgen's
 * `iupac_ordering` encodes it (NOMAD's chemical_formula_iupac sorts by that): noble gases, groups
 * 1 and 2, actinides, lanthanides, then groups 3..17 with heavier elements first, hydrogen between
 * groups 15 and 16. Elements beyond this list sort last.
 */
// prettier-ignore
const IUPAC_ORDER: readonly string[] = [
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

/** Position in the IUPAC sequence; unlisted symbols (superheavy, 'X') go last. */
export function iupacRank(symbol: string): number {
  const rank = IUPAC_ORDER.indexOf(symbol);
  return rank < 0 ? Number.POSITIVE_INFINITY : rank;
}

/**
 * Standard atomic weights in amu by atomic number (index 0 is 'X': NaN), the IUPAC 2007 values
 * NOMAD uses for mass densities (most stable isotope mass where an element has no standard weight).
 * With this table Si2 in a 40.83 Å^3 cell gives NOMAD's 2284.362 kg/m^3.
 */
// prettier-ignore
const ATOMIC_MASSES: readonly number[] = [
  Number.NaN,
  1.00794, 4.002602,
  6.941, 9.012182, 10.811, 12.0107, 14.0067, 15.9994, 18.9984032, 20.1797,
  22.98976928, 24.305, 26.9815386, 28.0855, 30.973762, 32.065, 35.453, 39.948,
  39.0983, 40.078, 44.955912, 47.867, 50.9415, 51.9961, 54.938045, 55.845, 58.933195, 58.6934,
  63.546, 65.38, 69.723, 72.64, 74.9216, 78.96, 79.904, 83.798,
  85.4678, 87.62, 88.90585, 91.224, 92.90638, 95.96, 98.9062, 101.07, 102.9055, 106.42,
  107.8682, 112.411, 114.818, 118.71, 121.76, 127.6, 126.90447, 131.293,
  132.9054519, 137.327, 138.90547, 140.116, 140.90765, 144.242, 145, 150.36, 151.964, 157.25,
  158.92535, 162.5, 164.93032, 167.259, 168.93421, 173.054, 174.9668, 178.49, 180.94788, 183.84,
  186.207, 190.23, 192.217, 195.084, 196.966569, 200.59, 204.3833, 207.2, 208.9804, 209, 210, 222,
  223, 226, 227, 232.03806, 231.03588, 238.02891, 237, 244, 243, 247, 247, 251, 252, 257,
  258, 259, 262, 261, 262, 266, 264, 277, 268, 281, 282, 285, 286, 289, 290, 293, 294, 294,
];

/** Radius used for elements without a tabulated covalent radius (and for 'X'), in Å, as ASE. */
const MISSING_RADIUS = 0.2;

/**
 * Covalent radii in Å by atomic number (Cordero et al., Dalton Trans. 2008, 2832), the table
 * ASE and MatID use for bond detection; elements after Cm have none.
 */
// prettier-ignore
const COVALENT_RADII: readonly number[] = [
  MISSING_RADIUS,
  0.31, 0.28,
  1.28, 0.96, 0.84, 0.76, 0.71, 0.66, 0.57, 0.58,
  1.66, 1.41, 1.21, 1.11, 1.07, 1.05, 1.02, 1.06,
  2.03, 1.76, 1.7, 1.6, 1.53, 1.39, 1.39, 1.32, 1.26, 1.24, 1.32, 1.22,
  1.22, 1.2, 1.19, 1.2, 1.2, 1.16,
  2.2, 1.95, 1.9, 1.75, 1.64, 1.54, 1.47, 1.46, 1.42, 1.39, 1.45, 1.44,
  1.42, 1.39, 1.39, 1.38, 1.39, 1.4,
  2.44, 2.15, 2.07, 2.04, 2.03, 2.01, 1.99, 1.98, 1.98, 1.96, 1.94, 1.92, 1.92, 1.89, 1.9, 1.87,
  1.87, 1.75, 1.7, 1.62, 1.51, 1.44, 1.41, 1.36, 1.36, 1.32, 1.45, 1.46, 1.48, 1.4, 1.5, 1.5,
  2.6, 2.21, 2.15, 2.06, 2, 1.96, 1.9, 1.87, 1.8, 1.69,
];

/** Standard atomic weight of an element in kg; undefined for unknown symbols and 'X'. */
export function atomicMass(symbol: string): number | undefined {
  const z = atomicNumber(symbol);
  const amu = z === undefined ? undefined : ATOMIC_MASSES[z];
  return amu === undefined || Number.isNaN(amu) ? undefined : amu * ATOMIC_MASS_UNIT;
}

/**
 * The element whose standard atomic weight is nearest a mass in atomic mass units, within `tolerance`
 * (force-field data files name atom types by mass only); undefined when none is that close.
 */
export function elementOfMass(amu: number, tolerance = 0.1): string | undefined {
  let best: { z: number; difference: number } | undefined;
  ATOMIC_MASSES.forEach((mass, z) => {
    if (z === 0 || Number.isNaN(mass)) return;
    const difference = Math.abs(mass - amu);
    if (difference <= tolerance && (!best || difference < best.difference)) best = { z, difference };
  });
  return best ? ELEMENT_SYMBOLS[best.z] : undefined;
}

/** Covalent radius in Å from the table; undefined for 'X', unknown symbols and elements after Cm. */
export function tabulatedCovalentRadius(symbol: string): number | undefined {
  const z = atomicNumber(symbol);
  return z === undefined ? undefined : COVALENT_RADII[z];
}

/** Covalent radius in Å (0.2 Å for 'X', unknown symbols and elements without a tabulated one, as ASE). */
export function covalentRadius(symbol: string): number {
  return tabulatedCovalentRadius(symbol) ?? MISSING_RADIUS;
}
