import { complex, enumeration, float, int, LIST, repeating, section, str, VECTOR3 } from '../define.ts';

/** run.method meshes: the k-point sampling of the Brillouin zone and the frequency grids of GW and BSE. */

const SAMPLING_METHODS = [
  'Gamma-centered',
  'Monkhorst-Pack',
  'Gamma-offcenter',
  'Line-path',
  'Equidistant',
  'Logarithmic',
  'Tan',
  'Gauss-Legendre',
  'Gauss-Laguerre',
  'Clenshaw-Curtis',
  'Newton-Cotes',
  'Gauss-Hermite',
] as const;

const meshQuantities = [
  int('dimensionality', 'Dimensionality of the mesh.'),
  enumeration('sampling_method', 'How the points of the mesh are generated.', SAMPLING_METHODS),
  int('n_points', 'Number of points in the mesh.'),
  int('grid', 'Number of points along each dimension.', { shape: ['dimensionality'] }),
  float('multiplicities', 'Number of symmetry-equivalent points each point stands for.', { shape: LIST }),
  float('weights', 'Weight of each point in integrals over the mesh.', { shape: LIST }),
] as const;

const linePathSegment = section('LinePathSegment', 'One straight segment of a k-point path.', [
  str('start_point', 'Label of the high-symmetry point the segment starts at.'),
  str('end_point', 'Label of the high-symmetry point the segment ends at.'),
  int('n_points', 'Number of k-points on the segment.'),
  float('points', 'k-points of the segment in fractional coordinates.', { shape: ['*', 3] }),
]);

export const kMesh = section(
  'KMesh',
  'Sampling of the Brillouin zone.',
  [
    ...meshQuantities,
    // NOMAD's type is complex; k-points are real, written as plain numbers.
    complex('points', 'Irreducible k-points in fractional coordinates.', { shape: ['*', 'dimensionality'] }),
    float('offset', 'Shift of the grid, in fractions of the reciprocal lattice vectors.', { shape: VECTOR3 }),
    float('all_points', 'All k-points of the full mesh, in fractional coordinates.', { shape: ['*', 3] }),
    str('high_symmetry_points', 'Labels of the high-symmetry points in the mesh.', { shape: LIST }),
  ],
  [repeating('line_path_segments', linePathSegment)],
);

export const frequencyMesh = section('FrequencyMesh', 'Grid of (imaginary or real) frequencies.', [
  ...meshQuantities,
  complex('points', 'Frequencies of the mesh (imaginary frequencies for Matsubara axes).', {
    shape: ['n_points', 'dimensionality'],
    unit: 'joule',
  }),
  float('smearing', 'Broadening applied on the frequency grid.'),
]);

export const meshSections = [kMesh, linePathSegment, frequencyMesh];
