import { float, int, MATRIX3, repeating, section, str, VECTOR3 } from '../define.ts';

/**
 * run.calculation: values on a real-space grid (NOMAD's Volumetric bases), the charge density and the
 * potentials, as grid codes (GPAW) write them.
 */

const GRID = ['multiplicity', 'n_x', 'n_y', 'n_z'] as const;

const volumetric = [
  str('kind', 'Kind of the values, as the code names it.'),
  int('multiplicity', 'Number of values per grid point (e.g. spin channels).'),
  int('n_x', 'Number of grid points along the first displacement.'),
  int('n_y', 'Number of grid points along the second displacement.'),
  int('n_z', 'Number of grid points along the third displacement.'),
  float('displacements', 'Steps between neighbouring grid points along each axis.', {
    shape: MATRIX3,
    unit: 'meter',
  }),
  float('origin', 'Position of the first grid point.', { shape: VECTOR3, unit: 'meter' }),
];

const density = section('Density', 'A density on a real-space grid.', [
  ...volumetric,
  float('value', 'Density at each grid point.', { shape: GRID, unit: '1 / meter ** 3' }),
]);

const potentialValue = section('PotentialValue', 'A potential on a real-space grid.', [
  ...volumetric,
  float('value', 'Potential at each grid point.', { shape: GRID, unit: 'joule / meter ** 3' }),
]);

const potential = section(
  'Potential',
  'Potentials on a real-space grid.',
  [],
  [repeating('effective', potentialValue), repeating('hartree', potentialValue)],
);

export const volumetricSubSections = [
  repeating('density_charge', density),
  repeating('potential', potential),
] as const;

export const volumetricSections = [density, potentialValue, potential];
