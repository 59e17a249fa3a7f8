// Chemical formulas in the formats of NOMAD's results.material (nomad.atomutils.Formula):
// hill from the full counts; reduced, iupac and anonymous from the counts divided by their gcd;
// descriptive is iupac for inorganic and hill for carbon compounds.
import { isElementSymbol, iupacRank } from '@oasis/chem';

export type Composition = ReadonlyMap<string, number>;

export interface Formulas {
  hill: string;
  reduced: string;
  iupac: string;
  anonymous: string;
  descriptive: string;
}

/**
 * Carbon compounds conventionally treated as inorganic (carbides, carbonates, carbonyls), in
 * iupac form; their descriptive formula stays iupac instead of hill.
 */
// prettier-ignore
const INORGANIC_CARBON_IUPAC: ReadonlySet<string> = new Set([
  'Al4C3', 'B4C', 'BaCO3', 'BeCO3', 'CaC2', 'CaCO3', 'CoCO3', 'Cs2CO3', 'CsHCO3', 'CuCO3',
  'Li2CO3', 'MgC2', 'MgCO3', 'MoC', 'Na2C2', 'Na2CO3', 'NiCO3', 'SiC', 'SrCO3', 'TiC',
  'Ti3SiC2', 'Tl2CO3', 'VC', 'WC', 'ZnCO3', 'ZrC', 'HfC', 'TaC', 'NbC', 'FeC5O5',
]);

/** Formulas whose usual writing differs from both hill and iupac. */
const SPECIAL_DESCRIPTIVE: ReadonlyMap<string, string> = new Map([
  ['KCHO3', 'KHCO3'],
  ['NaCHO3', 'NaHCO3'],
]);

/** Counts of each symbol in a list of site species. */
export function compositionOf(species: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of species) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/** Nesting of parentheses a written formula may use: more is no formula anybody writes. */
const MAX_FORMULA_DEPTH = 8;

/**
 * The composition a written formula names ('Fe2O3', 'Ca(OH)2', 'ClNa'), or undefined when it is no
 * formula: a symbol that is no element, a count that is no positive integer, unbalanced parentheses.
 */
export function compositionOfFormula(formula: string): Map<string, number> | undefined {
  const tokens = formula.replace(/\s+/g, '').match(/[A-Z][a-z]?|\d+|[()]|./g) ?? [];
  let at = 0;
  const count = () => (tokens[at] !== undefined && /^\d+$/.test(tokens[at]!) ? Number(tokens[at++]) : 1);
  const group = (depth: number): Map<string, number> | undefined => {
    const counts = new Map<string, number>();
    const add = (symbol: string, n: number) => counts.set(symbol, (counts.get(symbol) ?? 0) + n);
    while (at < tokens.length && tokens[at] !== ')') {
      const token = tokens[at++]!;
      if (token === '(') {
        if (depth >= MAX_FORMULA_DEPTH) return undefined;
        const inner = group(depth + 1);
        if (!inner || tokens[at++] !== ')') return undefined;
        const times = count();
        for (const [symbol, n] of inner) add(symbol, n * times);
      } else if (isElementSymbol(token)) add(token, count());
      else return undefined;
    }
    return counts;
  };
  const counts = group(0);
  if (!counts || at !== tokens.length || counts.size === 0) return undefined;
  return [...counts.values()].every((n) => Number.isSafeInteger(n) && n > 0) ? counts : undefined;
}

/** NOMAD's label of a site that is no element (a GROMACS virtual site, a ghost atom). */
const NO_ELEMENT = 'X';

/**
 * The composition a formula names: sites that are no element are left out (TIP4P water is H2O, not
 * H2OX), unless there is nothing else.
 */
export function elementComposition(species: readonly string[]): Map<string, number> {
  const atoms = species.filter((s) => s !== NO_ELEMENT);
  return compositionOf(atoms.length > 0 ? atoms : species);
}

/** Greatest common divisor of two non-negative integers (0 with 0 gives 0). */
export function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function reduce(composition: Composition): Map<string, number> {
  const divisor = [...composition.values()].reduce(gcd, 0) || 1;
  return new Map([...composition].map(([s, n]) => [s, n / divisor]));
}

/** Symbols followed by their counts, a count of 1 omitted. */
function format(entries: Iterable<readonly [string, number]>): string {
  let out = '';
  for (const [symbol, count] of entries) out += count === 1 ? symbol : `${symbol}${count}`;
  return out;
}

const alphabetical = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function hillFormula(composition: Composition): string {
  const symbols = [...composition.keys()];
  const hasCarbon = composition.has('C');
  // Hill: carbon first, then hydrogen (only when carbon is present), then the rest alphabetically.
  const first = hasCarbon ? ['C', ...(composition.has('H') ? ['H'] : [])] : [];
  const rest = symbols.filter((s) => !first.includes(s)).sort(alphabetical);
  return format([...first, ...rest].map((s) => [s, composition.get(s) ?? 0] as const));
}

/** Symbols in alphabetical order, counts divided by their gcd (OPTIMADE's `chemical_formula_reduced`). */
export function reducedFormula(composition: Composition): string {
  const reduced = reduce(composition);
  return format([...reduced.keys()].sort(alphabetical).map((s) => [s, reduced.get(s) ?? 0] as const));
}

export function iupacFormula(composition: Composition): string {
  const reduced = reduce(composition);
  const order = [...reduced.keys()].sort((a, b) => iupacRank(a) - iupacRank(b) || alphabetical(a, b));
  return format(order.map((s) => [s, reduced.get(s) ?? 0] as const));
}

/** Letters for anonymous formulas: A..Z, then Aa, Ab ... (the OPTIMADE convention). */
function anonymousLetter(index: number): string {
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  if (index < 26) return upper[index] ?? '';
  return anonymousLetter(Math.floor(index / 26) - 1) + (upper[index % 26] ?? '').toLowerCase();
}

function anonymousFormula(composition: Composition): string {
  const counts = [...reduce(composition).values()].sort((a, b) => b - a);
  return format(counts.map((n, i) => [anonymousLetter(i), n] as const));
}

function descriptiveFormula(composition: Composition): string {
  const iupac = iupacFormula(composition);
  if (!composition.has('C')) return iupac;
  return (
    SPECIAL_DESCRIPTIVE.get(iupac) ?? (INORGANIC_CARBON_IUPAC.has(iupac) ? iupac : hillFormula(composition))
  );
}

export function formulas(composition: Composition): Formulas {
  return {
    hill: hillFormula(composition),
    reduced: reducedFormula(composition),
    iupac: iupacFormula(composition),
    anonymous: anonymousFormula(composition),
    descriptive: descriptiveFormula(composition),
  };
}
