import { ELEMENT_SYMBOLS } from '@oasis/chem';
import { enumeration, float, int, MATRIX3, repeating, section, str, sub, VECTOR3 } from '../define.ts';

/** results.properties.structures: the entry's structure in OPTIMADE form, as given and standardised. */

const species = section('Species', 'One species at the sites of a structure (OPTIMADE convention).', [
  str('name', 'Name of the species, as used in species_at_sites.'),
  // OPTIMADE adds 'vacancy' and 'x' (unknown) to the element symbols.
  enumeration('chemical_symbols', 'Elements of the species.', [...ELEMENT_SYMBOLS, 'vacancy', 'x'], {
    shape: ['1..*'],
  }),
  float('concentration', 'Concentration of each element of the species.', { shape: ['1..*'] }),
  float('mass', 'Mass of the species.', { unit: 'unified_atomic_mass_unit' }),
  str('original_name', 'Name of the species in the source data.'),
]);

const latticeParameters = section('LatticeParameters', 'Lengths of and angles between the cell vectors.', [
  float('a', 'Length of the first cell vector.', { unit: 'meter', search: true }),
  float('b', 'Length of the second cell vector.', { unit: 'meter', search: true }),
  float('c', 'Length of the third cell vector.', { unit: 'meter', search: true }),
  float('alpha', 'Angle between the second and third cell vectors.', { unit: 'radian', search: true }),
  float('beta', 'Angle between the first and third cell vectors.', { unit: 'radian', search: true }),
  float('gamma', 'Angle between the first and second cell vectors.', { unit: 'radian', search: true }),
]);

export const wyckoffSet = section('WyckoffSet', 'Atoms of one element on one Wyckoff position.', [
  str('wyckoff_letter', 'Wyckoff letter of the position.'),
  int('indices', 'Indices of the atoms on the position.', { shape: ['1..*'] }),
  str('element', 'Chemical symbol of the atoms.'),
  float('x', 'Free parameter x of the position, if any.'),
  float('y', 'Free parameter y of the position, if any.'),
  float('z', 'Free parameter z of the position, if any.'),
]);

const structure = section(
  'Structure',
  'An atomic structure in OPTIMADE form: cell, sites and species.',
  [
    int('dimension_types', 'Whether the cell is periodic (1) or not (0) along each vector.', {
      shape: VECTOR3,
    }),
    int('nperiodic_dimensions', 'Number of periodic dimensions.', { search: true }),
    float('lattice_vectors', 'Cell vectors, one per row.', { shape: MATRIX3, unit: 'meter' }),
    float('cartesian_site_positions', 'Cartesian position of each site.', {
      shape: ['n_sites', 3],
      unit: 'meter',
    }),
    int('n_sites', 'Number of sites.', { search: true }),
    str('species_at_sites', 'Species name of each site.', { shape: ['n_sites'] }),
    float('cell_volume', 'Volume of the cell.', { unit: 'meter ** 3', search: true }),
    float('atomic_density', 'Number of atoms per volume.', { unit: '1 / meter ** 3' }),
    float('mass_density', 'Mass per volume.', { unit: 'kilogram / meter ** 3' }),
  ],
  [
    repeating('species', species),
    sub('lattice_parameters', latticeParameters),
    repeating('wyckoff_sets', wyckoffSet),
  ],
);

export const structures = section(
  'Structures',
  'The structure of the entry as given, as conventional and as primitive cell.',
  [],
  [
    sub('structure_original', structure),
    sub('structure_conventional', structure),
    sub('structure_primitive', structure),
  ],
);

export const structureSections = [structures, structure, species, latticeParameters, wyckoffSet];
