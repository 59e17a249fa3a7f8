import { enumeration, float, LIST, section, str, sub, SUGGESTED } from '../define.ts';
import { BASIS_SET_TYPES } from './results-method-values.ts';

/**
 * results.method.simulation beyond plain DFT: many-body (GW, BSE, DMFT) and tight-binding methods, and
 * results.method.measurement for experiments; normalised for search.
 */

/** Self-consistency schemes of GW calculations. */
const GW_TYPES = ['G0W0', 'scGW', 'scGW0', 'scG0W', 'ev-scGW0', 'ev-scGW', 'qp-scGW0', 'qp-scGW'] as const;

/** Families of the mean-field calculation a many-body calculation starts from. */
const STARTING_POINT_TYPES = [
  'LDA',
  'GGA',
  'meta-GGA',
  'hyper-GGA',
  'hybrid',
  'HF',
  'not processed',
  'unavailable',
] as const;

const startingPoint = [
  enumeration(
    'starting_point_type',
    'Family of the functional of the starting-point calculation.',
    STARTING_POINT_TYPES,
    { search: true },
  ),
  str('starting_point_names', 'LibXC names of the functional terms of the starting point.', {
    shape: LIST,
    ...SUGGESTED,
  }),
];

export const gw = section('GW', 'GW settings of the entry.', [
  enumeration('type', 'Self-consistency scheme of the GW calculation.', GW_TYPES, SUGGESTED),
  enumeration('basis_set_type', 'Kind of basis set.', BASIS_SET_TYPES, SUGGESTED),
  ...startingPoint,
]);

export const bse = section('BSE', 'Bethe-Salpeter equation settings of the entry.', [
  enumeration(
    'type',
    'Hamiltonian approximation: independent particles, RPA, or singlet or triplet excitons.',
    ['IP', 'RPA', 'Singlet', 'Triplet'],
    SUGGESTED,
  ),
  enumeration(
    'solver',
    'Method used to solve the BSE eigenvalue problem.',
    ['Full-diagonalization', 'Lanczos-Haydock', 'GMRES', 'SLEPc', 'TDA'],
    SUGGESTED,
  ),
  enumeration('gw_type', 'Self-consistency scheme of the GW step before the BSE.', GW_TYPES, SUGGESTED),
  enumeration('basis_set_type', 'Kind of basis set.', BASIS_SET_TYPES, SUGGESTED),
  ...startingPoint,
]);

export const tb = section('TB', 'Tight-binding settings of the entry.', [
  enumeration(
    'type',
    'Kind of tight-binding model.',
    ['DFTB', 'xTB', 'Wannier', 'Slater-Koster', 'not processed'],
    SUGGESTED,
  ),
  enumeration(
    'localization_type',
    'How Wannier functions were localised.',
    ['single_shot', 'maximally_localized'],
    SUGGESTED,
  ),
]);

export const dmft = section('DMFT', 'Dynamical mean-field theory settings of the entry.', [
  enumeration(
    'impurity_solver_type',
    'Solver of the impurity problem.',
    ['CT-INT', 'CT-HYB', 'CT-AUX', 'ED', 'NRG', 'MPS', 'IPT', 'NCA', 'OCA', 'slave_bosons', 'hubbard_I'],
    SUGGESTED,
  ),
  float('inverse_temperature', 'Inverse temperature (beta) of the calculation.', {
    unit: '1 / joule',
    search: true,
  }),
  enumeration(
    'magnetic_state',
    'Magnetic state the calculation assumes.',
    ['paramagnetic', 'ferromagnetic', 'antiferromagnetic'],
    SUGGESTED,
  ),
  float('u', 'Local Hubbard interaction U.', { unit: 'joule', search: true }),
  float('jh', "Hund's coupling JH.", { unit: 'joule', search: true }),
  enumeration(
    'analytical_continuation',
    'Method continuing Matsubara-axis results to real frequencies.',
    ['Pade', 'MaxEnt', 'SVD', 'Stochastic'],
    { search: true },
  ),
]);

export const hubbardKanamoriModel = section(
  'HubbardKanamoriModel',
  'Hubbard-Kanamori interaction parameters of one atom and orbital (DFT+U).',
  [
    str('atom_label', 'Label of the atom the parameters apply to.'),
    str('orbital', 'Orbital the parameters apply to, e.g. 3d.'),
    float('u_effective', 'Effective on-site interaction U - J.', { unit: 'joule', search: true }),
    float('u', 'On-site Coulomb interaction U.', { unit: 'joule', search: true }),
    float('j', 'On-site exchange interaction J.', { unit: 'joule', search: true }),
    str('double_counting_correction', 'Name of the double-counting correction.'),
  ],
);

const xrd = section('XRDMethod', 'X-ray diffraction settings of a measurement.', [
  enumeration(
    'diffraction_method_name',
    'Kind of X-ray diffraction experiment.',
    [
      'Powder X-Ray Diffraction (PXRD)',
      'Single Crystal X-Ray Diffraction (SCXRD)',
      'High-Resolution X-Ray Diffraction (HRXRD)',
      'Small-Angle X-Ray Scattering (SAXS)',
      'X-Ray Reflectivity (XRR)',
      'Grazing Incidence X-Ray Diffraction (GIXRD)',
      'Reciprocal Space Mapping (RSM)',
      'unavailable',
    ],
    SUGGESTED,
  ),
]);

export const measurementMethod = section(
  'MeasurementMethod',
  'The experimental method of the entry.',
  [],
  [sub('xrd', xrd)],
);

export const beyondDftSections = [gw, bse, tb, dmft, hubbardKanamoriModel, xrd, measurementMethod];
