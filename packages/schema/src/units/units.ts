import type { UnitArtifact } from '../artifacts/artifacts.ts';

/**
 * The units this installation knows by name, per dimension (SI base and derived units plus the ones
 * materials scientists type: Å, eV, GPa, fs, ...) and every unit the metainfo uses. Names, dimensions and
 * symbols are listed here once for server and GUI; conversion factors are in conversion.ts. No alias may
 * repeat another unit's name or alias: NOMAD's GUI registers them all in one namespace.
 */
export const unitList: readonly UnitArtifact[] = [
  { name: 'meter', dimension: 'length', label: 'Meter', abbreviation: 'm', aliases: ['m', 'metre'] },
  {
    name: 'angstrom',
    dimension: 'length',
    label: 'Ångström',
    abbreviation: 'Å',
    aliases: ['Å', 'Angstrom', 'angstroms'],
  },
  { name: 'bohr', dimension: 'length', label: 'Bohr', abbreviation: 'bohr', aliases: ['a0', 'a_0'] },
  { name: 'kilogram', dimension: 'mass', label: 'Kilogram', abbreviation: 'kg', aliases: ['kg'] },
  { name: 'gram', dimension: 'mass', label: 'Gram', abbreviation: 'g', aliases: ['g'] },
  { name: 'dalton', dimension: 'mass', label: 'Dalton', abbreviation: 'Da', aliases: ['Da'] },
  {
    name: 'unified_atomic_mass_unit',
    dimension: 'mass',
    label: 'Unified atomic mass unit',
    abbreviation: 'u',
    aliases: ['u', 'amu'],
  },
  { name: 'second', dimension: 'time', label: 'Second', abbreviation: 's', aliases: ['s', 'sec'] },
  { name: 'femtosecond', dimension: 'time', label: 'Femtosecond', abbreviation: 'fs', aliases: ['fs'] },
  { name: 'ampere', dimension: 'current', label: 'Ampere', abbreviation: 'A', aliases: ['A', 'amp'] },
  { name: 'kelvin', dimension: 'temperature', label: 'Kelvin', abbreviation: 'K', aliases: ['K'] },
  {
    name: 'celsius',
    dimension: 'temperature',
    label: 'Celsius',
    abbreviation: '°C',
    aliases: ['°C', 'degC'],
  },
  { name: 'candela', dimension: 'luminosity', label: 'Candela', abbreviation: 'cd', aliases: ['cd'] },
  { name: 'lumen', dimension: 'luminous_flux', label: 'Lumen', abbreviation: 'lm', aliases: ['lm'] },
  { name: 'nit', dimension: 'luminance', label: 'Nit', abbreviation: 'nit', aliases: [] },
  { name: 'lux', dimension: 'illuminance', label: 'Lux', abbreviation: 'lx', aliases: ['lx'] },
  { name: 'mole', dimension: 'substance', label: 'Mole', abbreviation: 'mol', aliases: ['mol'] },
  { name: 'katal', dimension: 'activity', label: 'Katal', abbreviation: 'kat', aliases: ['kat'] },
  { name: 'liter', dimension: 'volume', label: 'Liter', abbreviation: 'L', aliases: ['L', 'l', 'litre'] },
  { name: 'bit', dimension: 'information', label: 'Bit', abbreviation: 'bit', aliases: [] },
  { name: 'radian', dimension: 'angle', label: 'Radian', abbreviation: 'rad', aliases: ['rad'] },
  { name: 'degree', dimension: 'angle', label: 'Degree', abbreviation: '°', aliases: ['°', 'deg'] },
  { name: 'joule', dimension: 'energy', label: 'Joule', abbreviation: 'J', aliases: ['J'] },
  { name: 'electron_volt', dimension: 'energy', label: 'Electron volt', abbreviation: 'eV', aliases: ['eV'] },
  { name: 'hartree', dimension: 'energy', label: 'Hartree', abbreviation: 'Ha', aliases: ['Ha', 'E_h'] },
  { name: 'rydberg', dimension: 'energy', label: 'Rydberg', abbreviation: 'Ry', aliases: ['Ry'] },
  { name: 'newton', dimension: 'force', label: 'Newton', abbreviation: 'N', aliases: ['N'] },
  { name: 'watt', dimension: 'power', label: 'Watt', abbreviation: 'W', aliases: ['W'] },
  { name: 'pascal', dimension: 'pressure', label: 'Pascal', abbreviation: 'Pa', aliases: ['Pa'] },
  { name: 'gigapascal', dimension: 'pressure', label: 'Gigapascal', abbreviation: 'GPa', aliases: ['GPa'] },
  { name: 'bar', dimension: 'pressure', label: 'Bar', abbreviation: 'bar', aliases: [] },
  { name: 'coulomb', dimension: 'charge', label: 'Coulomb', abbreviation: 'C', aliases: ['C'] },
  { name: 'volt', dimension: 'electric_potential', label: 'Volt', abbreviation: 'V', aliases: ['V'] },
  { name: 'ohm', dimension: 'resistance', label: 'Ohm', abbreviation: 'Ω', aliases: ['Ω'] },
  { name: 'siemens', dimension: 'conductance', label: 'Siemens', abbreviation: 'S', aliases: ['S'] },
  { name: 'farad', dimension: 'capacitance', label: 'Farad', abbreviation: 'F', aliases: ['F'] },
  { name: 'henry', dimension: 'inductance', label: 'Henry', abbreviation: 'H', aliases: ['H'] },
  { name: 'weber', dimension: 'magnetic_flux', label: 'Weber', abbreviation: 'Wb', aliases: ['Wb'] },
  { name: 'tesla', dimension: 'magnetic_field', label: 'Tesla', abbreviation: 'T', aliases: ['T'] },
  { name: 'hertz', dimension: 'frequency', label: 'Hertz', abbreviation: 'Hz', aliases: ['Hz'] },
  {
    name: 'dimensionless',
    dimension: 'dimensionless',
    label: 'Dimensionless',
    abbreviation: '',
    aliases: [],
  },
];

/** SI prefixes, long and short names, as NOMAD's artifacts list them. */
const prefixFacts: Array<[string, string, number]> = [
  ['quecto', 'q', 1e-30],
  ['ronto', 'r', 1e-27],
  ['yocto', 'y', 1e-24],
  ['zepto', 'z', 1e-21],
  ['atto', 'a', 1e-18],
  ['femto', 'f', 1e-15],
  ['pico', 'p', 1e-12],
  ['nano', 'n', 1e-9],
  ['micro', 'µ', 1e-6],
  ['milli', 'm', 1e-3],
  ['centi', 'c', 1e-2],
  ['deci', 'd', 1e-1],
  ['deca', 'da', 1e1],
  ['hecto', 'h', 1e2],
  ['kilo', 'k', 1e3],
  ['mega', 'M', 1e6],
  ['giga', 'G', 1e9],
  ['tera', 'T', 1e12],
  ['peta', 'P', 1e15],
  ['exa', 'E', 1e18],
  ['zetta', 'Z', 1e21],
  ['yotta', 'Y', 1e24],
];

const scientific = (name: string) => !['centi', 'deci', 'deca', 'hecto'].includes(name);

export const unitPrefixes: Record<string, { name: string; value: number; scientific: boolean }> =
  Object.fromEntries([
    ['', { name: '', value: 1, scientific: true }],
    ...prefixFacts.flatMap(([long, short, value]) => [
      [long, { name: long, value, scientific: scientific(long) }],
      [short, { name: short, value, scientific: scientific(long) }],
    ]),
  ]);
