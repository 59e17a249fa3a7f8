import { bool, float, int, reference, repeating, section, str, sub } from '../define.ts';
import { thermodynamicsResults, workflowQuantities, workflowSubSections } from './workflow-base.ts';

/** workflow2 of phonon (finite displacements) and elastic-constant calculations. */

const phononMethod = section('PhononMethod', 'Settings of a phonon calculation.', [
  str('force_calculator', 'Code that computed the forces of the displaced structures.'),
  float('mesh_density', 'Density of the q-point mesh.', { unit: '1 / meter ** 3' }),
  bool('random_displacements', 'Whether the atoms were displaced randomly.'),
  bool('with_non_analytic_correction', 'Whether the non-analytic term correction was applied.'),
  bool('with_grueneisen_parameters', 'Whether Grüneisen parameters were computed.'),
]);

const phononResults = section('PhononResults', 'Results of a phonon calculation.', [
  ...thermodynamicsResults,
  int('n_imaginary_frequencies', 'Number of imaginary frequencies.'),
  int('n_bands', 'Number of phonon bands.'),
  int('n_qpoints', 'Number of q-points.'),
  float('qpoints', 'q-points in fractional coordinates.', { shape: ['n_qpoints', 3] }),
  float('group_velocity', 'Group velocity of each band at each q-point.', {
    shape: ['n_qpoints', 'n_bands', 3],
    unit: 'meter / second',
  }),
  int('n_displacements', 'Number of displaced structures.'),
  int('n_atoms', 'Number of atoms of the supercell.'),
  float('displacements', 'Displacement of each atom in each displaced structure.', {
    shape: ['n_displacements', 'n_atoms', 3],
    unit: 'meter',
  }),
  reference('dos', 'The phonon densities of states.', 'run.calculation.dos_phonon', { shape: ['n_data'] }),
  reference('band_structure', 'The phonon band structures.', 'run.calculation.band_structure_phonon', {
    shape: ['n_data'],
  }),
]);

export const phonon = section('Phonon', 'A phonon calculation by finite displacements.', workflowQuantities, [
  sub('method', phononMethod),
  sub('results', phononResults),
  ...workflowSubSections,
]);

const elasticMethod = section('ElasticMethod', 'Settings of an elastic-constant calculation.', [
  str('energy_stress_calculator', 'Code that computed the energies or stresses.'),
  str('calculation_method', 'Whether the constants are fitted to energies or to stresses.'),
  int('elastic_constants_order', 'Order of the elastic constants (2 or 3).'),
  float('fitting_error_maximum', 'Largest error of the fits.'),
  float('strain_maximum', 'Largest Lagrangian strain applied.'),
]);

const strainDiagrams = section('StrainDiagrams', 'Energy or stress against strain for each deformation.', [
  str('type', 'Kind of diagram, e.g. energy, cross-validation, d2E.'),
  int('n_eta', 'Number of strain values.'),
  int('n_deformations', 'Number of deformation types.'),
  float('value', 'Value at each strain of each deformation.', { shape: ['n_deformations', 'n_eta'] }),
  float('eta', 'Strain values of each deformation.', { shape: ['n_deformations', 'n_eta'] }),
  int('stress_voigt_component', 'Voigt component of the stress plotted.'),
  int('polynomial_fit_order', 'Order of the polynomial fitted.'),
]);

const MODULUS = { unit: 'pascal' } as const;
const SPEED = { unit: 'meter / second' } as const;

const elasticResults = section(
  'ElasticResults',
  'Results of an elastic-constant calculation.',
  [
    ...thermodynamicsResults,
    int('n_deformations', 'Number of deformation types.'),
    str('deformation_types', 'Strain pattern of each deformation type.', { shape: ['n_deformations', 6] }),
    int('n_strains', 'Number of strains per deformation type.'),
    bool('is_mechanically_stable', 'Whether the crystal is mechanically stable.'),
    str('elastic_constants_notation_matrix_second_order', 'Voigt notation of each elastic constant.', {
      shape: [6, 6],
    }),
    float('elastic_constants_matrix_second_order', 'Second-order elastic constants.', {
      shape: [6, 6],
      unit: 'pascal',
    }),
    float('elastic_constants_matrix_third_order', 'Third-order elastic constants.', {
      shape: [6, 6, 6],
      unit: 'pascal',
    }),
    float('compliance_matrix_second_order', 'Second-order compliance matrix.', {
      shape: [6, 6],
      unit: '1 / pascal',
    }),
    float('elastic_constants_gradient_matrix_second_order', 'Gradient of the second-order constants.', {
      shape: [18, 18],
      unit: 'newton',
    }),
    float('bulk_modulus_voigt', 'Bulk modulus, Voigt average.', MODULUS),
    float('shear_modulus_voigt', 'Shear modulus, Voigt average.', MODULUS),
    float('bulk_modulus_reuss', 'Bulk modulus, Reuss average.', MODULUS),
    float('shear_modulus_reuss', 'Shear modulus, Reuss average.', MODULUS),
    float('bulk_modulus_hill', 'Bulk modulus, Hill average.', MODULUS),
    float('shear_modulus_hill', 'Shear modulus, Hill average.', MODULUS),
    float('young_modulus_voigt', "Young's modulus, Voigt average.", MODULUS),
    float('poisson_ratio_voigt', "Poisson's ratio, Voigt average."),
    float('young_modulus_reuss', "Young's modulus, Reuss average.", MODULUS),
    float('poisson_ratio_reuss', "Poisson's ratio, Reuss average."),
    float('young_modulus_hill', "Young's modulus, Hill average.", MODULUS),
    float('poisson_ratio_hill', "Poisson's ratio, Hill average."),
    float('elastic_anisotropy', 'Elastic anisotropy index.'),
    float('pugh_ratio_hill', "Pugh's ratio of bulk to shear modulus (Hill)."),
    float('debye_temperature', 'Debye temperature.', { unit: 'kelvin' }),
    float('speed_sound_transverse', 'Transverse speed of sound.', SPEED),
    float('speed_sound_longitudinal', 'Longitudinal speed of sound.', SPEED),
    float('speed_sound_average', 'Average speed of sound.', SPEED),
    float('eigenvalues_elastic', 'Eigenvalues of the elastic-constant matrix.', {
      shape: [6],
      unit: 'pascal',
    }),
  ],
  [repeating('strain_diagrams', strainDiagrams)],
);

export const elastic = section(
  'Elastic',
  'A calculation of elastic constants by strains.',
  workflowQuantities,
  [sub('method', elasticMethod), sub('results', elasticResults), ...workflowSubSections],
);

export const phononSections = [phonon, phononMethod, phononResults];
export const elasticSections = [elastic, elasticMethod, elasticResults, strainDiagrams];
