import { bool, enumeration, float, int, LIST, repeating, section, str } from '../define.ts';

/** run.method: atom-centred basis sets, APW orbitals and pseudopotentials. */

const gaussianBasisGroup = section(
  'GaussianBasisGroup',
  'A group of contracted Gaussian functions of one angular momentum shell.',
  [
    int('n_contractions', 'Number of contracted functions.'),
    int('n_exponents', 'Number of primitive Gaussians.'),
    float('contractions', 'Coefficient of each primitive in each contraction.', {
      shape: ['n_contractions', 'n_exponents'],
    }),
    float('exponents', 'Exponent of each primitive Gaussian.', {
      shape: ['n_exponents'],
      unit: '1 / meter ** 2',
    }),
    float('ls', 'Angular momentum of each contraction.', { shape: ['n_contractions'] }),
  ],
);

export const basisSetAtomCentered = section(
  'BasisSetAtomCentered',
  'A named basis set centred on atoms of one or more elements.',
  [
    str('name', 'Name of the basis set, e.g. 6-31G* or DZVP-MOLOPT-SR-GTH.'),
    str('formula', 'Elements the basis set is used for.'),
    int('atom_number', 'Atomic number of the element the basis set is used for.'),
    int('n_basis_functions', 'Number of basis functions.'),
  ],
  [repeating('gaussian_basis_group', gaussianBasisGroup)],
);

export const orbitalApw = section('OrbitalAPW', 'One radial function of an (L)APW+lo basis.', [
  enumeration('type', 'Kind of radial function.', ['APW', 'LAPW', 'LO', 'spherical Dirac']),
  int('n_quantum_number', 'Principal quantum number.'),
  int('l_quantum_number', 'Angular momentum quantum number.'),
  float('j_quantum_number', 'Total angular momentum quantum number.'),
  float('kappa_quantum_number', 'Relativistic kappa quantum number.'),
  float('occupation', 'Occupation of the state.'),
  bool('core_level', 'Whether the state is a core state.'),
  float('energy_parameter', 'Linearisation energies.', { shape: LIST, unit: 'joule' }),
  int('energy_parameter_n', 'Principal quantum number the linearisation energy is searched for.'),
  int('order', 'Order of the energy derivative of the radial function.'),
  int('boundary_condition_order', 'Order of the derivative matched at the muffin-tin boundary.'),
  bool('update', 'Whether the linearisation energy is updated during the SCF cycle.'),
  bool('updated', 'Whether the linearisation energy was updated.'),
]);

export const pseudopotential = section('Pseudopotential', 'The pseudopotential of one atom kind.', [
  str('name', 'Name of the pseudopotential, e.g. its file name or title.'),
  enumeration('type', 'Kind of pseudopotential.', ['US V', 'US MBK', 'PAW']),
  bool('norm_conserving', 'Whether the pseudopotential is norm-conserving.'),
  float('cutoff', 'Suggested plane-wave cutoff.', { unit: 'joule' }),
  str('xc_functional_name', 'Functional(s) the pseudopotential was made with.', { shape: LIST }),
  int('l_max', 'Largest angular momentum of the projectors.'),
  int('lm_max', 'Largest combined angular and magnetic quantum number of the projectors.'),
]);

/** The region and grid of a basis set (NOMAD's BasisSetMesh), e.g. the muffin-tin sphere of APW codes. */
export const basisSetMesh = [
  enumeration('shape', 'Shape of the region the basis set covers.', [
    'cubic',
    'rectangular',
    'spherical',
    'ellipsoidal',
    'cylindrical',
  ]),
  float('box_lengths', 'Edge lengths of a box-shaped region.', { shape: [3], unit: 'meter' }),
  float('radius', 'Radius of a spherical region, e.g. the muffin-tin radius.', { unit: 'meter' }),
  float('grid_spacing', 'Spacing of the grid along each direction.', { shape: LIST, unit: 'meter' }),
  float('radius_lin_spacing', 'Spacing of a linear radial grid.', { unit: 'meter' }),
  float('radius_log_spacing', 'Ratio of consecutive points of a logarithmic radial grid.'),
  int('n_grid_points', 'Number of grid points.'),
  int('n_radial_grid_points', 'Number of radial grid points.'),
  int('n_spherical_grid_points', 'Number of angular grid points.'),
] as const;

export const hubbardKanamoriModel = section(
  'HubbardKanamoriModel',
  'Local interaction parameters of a correlated shell (DFT+U, DMFT).',
  [
    str('orbital', 'Correlated orbital, e.g. 3d or 4f.'),
    int('n_orbital', 'Number of orbitals of the shell.'),
    float('u', 'Intra-orbital Coulomb interaction U.', { unit: 'joule' }),
    float('jh', "Hund's coupling J_H.", { unit: 'joule' }),
    float('up', "Inter-orbital Coulomb interaction U'.", { unit: 'joule' }),
    float('j', 'Exchange and pair-hopping interaction J.', { unit: 'joule' }),
    float('u_effective', 'Effective interaction U - J of Dudarev-type DFT+U.', { unit: 'joule' }),
    float('slater_integrals', 'Slater integrals F0, F2, F4.', { shape: [3], unit: 'joule' }),
    float('umn', 'Interaction matrix between the orbitals.', {
      shape: ['n_orbital', 'n_orbital'],
      unit: 'joule',
    }),
    str('double_counting_correction', 'Double-counting correction, e.g. Dudarev or fully localised limit.'),
  ],
);

export const basisSections = [
  basisSetAtomCentered,
  gaussianBasisGroup,
  orbitalApw,
  pseudopotential,
  hubbardKanamoriModel,
];
