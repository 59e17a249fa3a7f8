import { ANGSTROM, ATOMIC_MASS_UNIT, BOHR, ELECTRON_VOLT, FEMTOSECOND, HARTREE, RYDBERG } from '@oasis/chem';
import { unitList, unitPrefixes } from './units.ts';

/**
 * Unit expressions ('eV', 'kilogram / meter ** 3', '1 / meter', 'GPa') as factors to SI plus the exponents of
 * the base dimensions, so values typed in any known unit convert to the SI unit an archive stores.
 */
const baseDimensions = [
  'length',
  'mass',
  'time',
  'current',
  'temperature',
  'substance',
  'luminosity',
  // Kept apart from dimensionless so that '90 deg' converts to radian but '90 eV' does not.
  'angle',
  'information',
] as const;
export type BaseDimension = (typeof baseDimensions)[number];
export type Dimensions = Partial<Record<BaseDimension, number>>;

export interface ResolvedUnit {
  /** SI value = value * factor + offset. */
  factor: number;
  offset: number;
  dimensions: Dimensions;
}

/** A unit expression that cannot be parsed or does not fit; messages as NOMAD's unit input shows them. */
export class UnitError extends Error {}

const d = (dimensions: Dimensions) => dimensions;
const energy = d({ mass: 1, length: 2, time: -2 });

/** Factors to SI of the units in unitList, by name. */
const facts: Record<string, Omit<ResolvedUnit, 'offset'> & { offset?: number }> = {
  meter: { factor: 1, dimensions: d({ length: 1 }) },
  angstrom: { factor: ANGSTROM, dimensions: d({ length: 1 }) },
  bohr: { factor: BOHR, dimensions: d({ length: 1 }) },
  kilogram: { factor: 1, dimensions: d({ mass: 1 }) },
  gram: { factor: 1e-3, dimensions: d({ mass: 1 }) },
  dalton: { factor: ATOMIC_MASS_UNIT, dimensions: d({ mass: 1 }) },
  unified_atomic_mass_unit: { factor: ATOMIC_MASS_UNIT, dimensions: d({ mass: 1 }) },
  second: { factor: 1, dimensions: d({ time: 1 }) },
  femtosecond: { factor: FEMTOSECOND, dimensions: d({ time: 1 }) },
  ampere: { factor: 1, dimensions: d({ current: 1 }) },
  kelvin: { factor: 1, dimensions: d({ temperature: 1 }) },
  celsius: { factor: 1, offset: 273.15, dimensions: d({ temperature: 1 }) },
  candela: { factor: 1, dimensions: d({ luminosity: 1 }) },
  // Candela times steradian, as NOMAD (pint) defines it; the solid angle keeps it apart from the candela.
  lumen: { factor: 1, dimensions: d({ luminosity: 1, angle: 2 }) },
  nit: { factor: 1, dimensions: d({ luminosity: 1, length: -2 }) },
  lux: { factor: 1, dimensions: d({ luminosity: 1, angle: 2, length: -2 }) },
  mole: { factor: 1, dimensions: d({ substance: 1 }) },
  katal: { factor: 1, dimensions: d({ substance: 1, time: -1 }) },
  bit: { factor: 1, dimensions: d({ information: 1 }) },
  radian: { factor: 1, dimensions: d({ angle: 1 }) },
  degree: { factor: Math.PI / 180, dimensions: d({ angle: 1 }) },
  joule: { factor: 1, dimensions: energy },
  electron_volt: { factor: ELECTRON_VOLT, dimensions: energy },
  hartree: { factor: HARTREE, dimensions: energy },
  rydberg: { factor: RYDBERG, dimensions: energy },
  newton: { factor: 1, dimensions: d({ mass: 1, length: 1, time: -2 }) },
  watt: { factor: 1, dimensions: d({ mass: 1, length: 2, time: -3 }) },
  pascal: { factor: 1, dimensions: d({ mass: 1, length: -1, time: -2 }) },
  gigapascal: { factor: 1e9, dimensions: d({ mass: 1, length: -1, time: -2 }) },
  bar: { factor: 1e5, dimensions: d({ mass: 1, length: -1, time: -2 }) },
  coulomb: { factor: 1, dimensions: d({ current: 1, time: 1 }) },
  volt: { factor: 1, dimensions: d({ mass: 1, length: 2, time: -3, current: -1 }) },
  ohm: { factor: 1, dimensions: d({ mass: 1, length: 2, time: -3, current: -2 }) },
  siemens: { factor: 1, dimensions: d({ mass: -1, length: -2, time: 3, current: 2 }) },
  farad: { factor: 1, dimensions: d({ mass: -1, length: -2, time: 4, current: 2 }) },
  henry: { factor: 1, dimensions: d({ mass: 1, length: 2, time: -2, current: -2 }) },
  weber: { factor: 1, dimensions: d({ mass: 1, length: 2, time: -2, current: -1 }) },
  tesla: { factor: 1, dimensions: d({ mass: 1, time: -2, current: -1 }) },
  hertz: { factor: 1, dimensions: d({ time: -1 }) },
  dimensionless: { factor: 1, dimensions: d({}) },
  liter: { factor: 1e-3, dimensions: d({ length: 3 }) },
};

/** Names users also write that unitList does not list. */
const extraNames: Array<[string, keyof typeof facts, number]> = [
  ['minute', 'second', 60],
  ['min', 'second', 60],
  ['hour', 'second', 3600],
  ['h', 'second', 3600],
];

const withFactor = (name: string, scale = 1): ResolvedUnit => {
  const fact = facts[name];
  if (!fact) throw new Error(`No conversion factor for unit ${name}`);
  return { factor: fact.factor * scale, offset: fact.offset ?? 0, dimensions: fact.dimensions };
};

/** Long names take long prefixes (kilobar), symbols and aliases short ones (kbar, meV, nm; also kohm). */
const longNames = new Map<string, ResolvedUnit>();
const shortNames = new Map<string, ResolvedUnit>();
for (const unit of unitList) {
  longNames.set(unit.name, withFactor(unit.name));
  for (const alias of [unit.abbreviation, ...(unit.aliases ?? [])].filter((a) => a !== ''))
    shortNames.set(alias, withFactor(unit.name));
}
for (const [alias, name, scale] of extraNames)
  (alias.length > 3 ? longNames : shortNames).set(alias, withFactor(name, scale));

const lookupName = (token: string): ResolvedUnit | undefined => {
  const exact = longNames.get(token) ?? shortNames.get(token);
  if (exact) return exact;
  for (const [prefix, { value }] of Object.entries(unitPrefixes)) {
    if (prefix === '' || !token.startsWith(prefix)) continue;
    const rest = token.slice(prefix.length);
    const base =
      // Short prefixes are one or two letters ('m', 'da'); the long ones are words ('milli').
      prefix.length > 2 ? longNames.get(rest) : (shortNames.get(rest) ?? longNames.get(rest));
    if (base) return { ...base, factor: base.factor * value };
  }
  return undefined;
};

const resolveName = (token: string): ResolvedUnit => {
  // A delta unit (a temperature difference) converts without the offset.
  const delta = /^(delta_|Δ)/.exec(token);
  const unit = lookupName(delta ? token.slice(delta[0].length) : token);
  if (!unit) throw new UnitError(`Unit "${token}" not found.`);
  return delta ? { ...unit, offset: 0 } : unit;
};

const combine = (a: ResolvedUnit, b: ResolvedUnit, sign: 1 | -1): ResolvedUnit => {
  const dimensions: Dimensions = { ...a.dimensions };
  for (const base of baseDimensions) {
    const sum = (dimensions[base] ?? 0) + sign * (b.dimensions[base] ?? 0);
    if (sum === 0) delete dimensions[base];
    else dimensions[base] = sum;
  }
  return { factor: sign === 1 ? a.factor * b.factor : a.factor / b.factor, offset: 0, dimensions };
};

const power = (unit: ResolvedUnit, exponent: number): ResolvedUnit => ({
  factor: unit.factor ** exponent,
  offset: 0,
  dimensions: Object.fromEntries(
    Object.entries(unit.dimensions).map(([base, n]) => [base, n * exponent]),
  ) as Dimensions,
});

type Token = { kind: 'number' | 'name' | 'op'; text: string; at: number };

const tokenRe =
  /\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_ÅΩµμ°Δ][A-Za-z0-9_ÅΩµμ°]*)|([*/^()-]))/y;

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  tokenRe.lastIndex = 0;
  while (tokenRe.lastIndex < text.length) {
    const start = tokenRe.lastIndex;
    if (/^\s*$/.test(text.slice(start))) break;
    const match = tokenRe.exec(text);
    if (!match) {
      const at = start + (/^\s*/.exec(text.slice(start))?.[0].length ?? 0);
      throw new UnitError(`Unexpected "${text[at]}" in "${text}" at index ${at}`);
    }
    const [, number, name, op] = match;
    const at = match.index + match[0].length - (number ?? name ?? op ?? '').length;
    if (number !== undefined) tokens.push({ kind: 'number', text: number, at });
    else if (name !== undefined) tokens.push({ kind: 'name', text: name, at });
    else tokens.push({ kind: 'op', text: op!, at });
  }
  return tokens;
};

/** Parses a unit expression: names joined by '*' or '/', parentheses, powers with '^' or '**'. */
export const parseUnit = (expression: string): ResolvedUnit => {
  const text = expression.replace(/\*\*/g, '^');
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new UnitError('Could not parse');
  let i = 0;
  const peek = () => tokens[i];

  const primary = (): ResolvedUnit => {
    const token = tokens[i++];
    if (!token) throw new UnitError('Could not parse');
    if (token.kind === 'number') return { factor: Number(token.text), offset: 0, dimensions: {} };
    if (token.kind === 'name') return resolveName(token.text);
    if (token.text === '(') {
      const inner = product();
      if (peek()?.text !== ')') throw new UnitError('Unmatched "("');
      i++;
      return inner;
    }
    throw new UnitError(`Unexpected "${token.text}" in "${expression}" at index ${token.at}`);
  };
  const factor = (): ResolvedUnit => {
    const base = primary();
    if (peek()?.text !== '^') return base;
    i++;
    const negative = peek()?.text === '-';
    if (negative) i++;
    const exponent = tokens[i++];
    if (exponent?.kind !== 'number')
      throw new UnitError(`"^" must be followed by a number in "${expression}"`);
    return power(base, (negative ? -1 : 1) * Number(exponent.text));
  };
  const product = (): ResolvedUnit => {
    let result = factor();
    while (peek()?.text === '*' || peek()?.text === '/') {
      const sign = tokens[i++]!.text === '*' ? 1 : -1;
      result = combine(result, factor(), sign);
    }
    return result;
  };

  const single = tokens.length === 1;
  const result = product();
  const rest = peek();
  if (rest) throw new UnitError(rest.text === ')' ? 'Unmatched ")"' : 'Trailing characters');
  // Only a lone unit keeps its offset (25 °C); in products an offset has no meaning.
  return single ? result : { ...result, offset: 0 };
};

const sameDimensions = (a: Dimensions, b: Dimensions) =>
  baseDimensions.every((base) => (a[base] ?? 0) === (b[base] ?? 0));

/** The dimension's name as unitList calls it ('energy'), else its base exponents ('mass length^-3'). */
export const dimensionName = (dimensions: Dimensions): string => {
  const named = unitList.find((unit) => sameDimensions(facts[unit.name]!.dimensions, dimensions));
  if (named) return named.dimension;
  return baseDimensions
    .flatMap((base) => {
      const n = dimensions[base] ?? 0;
      return n === 0 ? [] : [n === 1 ? base : `${base}^${n}`];
    })
    .join(' ');
};

/**
 * Converts `value` given in `from` to the unit expression `to`; throws a UnitError if the dimensions
 * differ, naming the unit as typed.
 */
export const convertValue = (value: number, from: string, to: string): number => {
  const source = parseUnit(from);
  const target = parseUnit(to);
  if (!sameDimensions(source.dimensions, target.dimensions))
    throw new UnitError(
      `Unit "${from.trim()}" is incompatible with dimension "${dimensionName(target.dimensions)}".`,
    );
  return (value * source.factor + source.offset - target.offset) / target.factor;
};

const numberRe = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(.*?)\s*$/s;

/** Splits '1.5 eV' (or '1.5eV', '2', '-3e-2 meV') into the number and the unit text ('' if none). */
export const parseNumberWithUnit = (text: string): { value: number; unit: string } => {
  const match = numberRe.exec(text);
  if (!match) throw new UnitError(`Could not parse the number "${text}"`);
  return { value: Number(match[1]), unit: match[2] ?? '' };
};

/** A typed value ('1.5 eV', '3') in the unit `to`; a number without unit is already in `to`. */
export const valueInUnit = (text: string, to: string): number => {
  const { value, unit } = parseNumberWithUnit(text);
  return unit === '' ? value : convertValue(value, unit, to);
};
