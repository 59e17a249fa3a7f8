import { enumeration, float, int, LIST, repeating, section, str, sub, SUGGESTED } from '../define.ts';

/**
 * Properties from molecular-dynamics trajectories (results.properties.structural, .dynamical and
 * .thermodynamic), each with the provenance of the simulation that produced it.
 */

const molecularDynamics = section('MolecularDynamics', 'Settings of the molecular-dynamics run.', [
  float('time_step', 'Time between two integration steps.', { unit: 'second', search: true }),
  enumeration('ensemble_type', 'Thermodynamic ensemble the run samples.', ['NVE', 'NVT', 'NPT', 'NPH'], {
    search: true,
  }),
]);

const mdProvenance = section(
  'MDProvenance',
  'Where a molecular-dynamics property comes from.',
  [str('label', 'Label of the source, e.g. the analysis that computed the property.', { search: true })],
  [sub('molecular_dynamics', molecularDynamics)],
);

const MD_PROPERTY_TYPES = ['atomic', 'molecular'] as const;

const radialDistributionFunction = section(
  'RadialDistributionFunction',
  'Radial distribution function of a pair of atom or molecule kinds.',
  [
    enumeration('type', 'Whether atoms or molecules are counted.', MD_PROPERTY_TYPES, SUGGESTED),
    str('label', 'The pair the function belongs to, e.g. O-H.', SUGGESTED),
    float('bins', 'Distances at which the function is given.', { shape: ['n_bins'], unit: 'meter' }),
    int('n_bins', 'Number of distances.'),
    float('value', 'The function at each distance.', { shape: ['n_bins'] }),
    int('frame_start', 'First trajectory frame averaged over.'),
    int('frame_end', 'Last trajectory frame averaged over.'),
  ],
  [sub('provenance', mdProvenance)],
);

const radiusOfGyration = section(
  'RadiusOfGyration',
  'Radius of gyration of a group of atoms over time.',
  [
    str('kind', 'Kind of group, e.g. molecule.', SUGGESTED),
    str('label', 'Label of the group.', SUGGESTED),
    float('value', 'Radius of gyration.', { unit: 'meter' }),
    float('time', 'Times the values belong to.', { unit: 'second' }),
    float('time_step', 'Time between two values.', { unit: 'second' }),
    float('time_start', 'Time of the first value.', { unit: 'second' }),
  ],
  [sub('provenance', mdProvenance)],
);

const diffractionPattern = section('DiffractionPattern', 'A diffraction pattern of the sample.', [
  float('incident_beam_wavelength', 'Wavelength of the incident beam.', { unit: 'meter', search: true }),
  float('two_theta_angles', 'Scattering angles 2θ.', { shape: LIST, unit: 'degree' }),
  float('intensity', 'Intensity at each angle.', { shape: LIST }),
  float('q_vector', 'Scattering vector length at each angle.', { shape: LIST, unit: '1 / meter' }),
]);

export const structural = section(
  'StructuralProperties',
  'Structural properties of the entry.',
  [],
  [
    repeating('radial_distribution_function', radialDistributionFunction),
    repeating('radius_of_gyration', radiusOfGyration),
    repeating('diffraction_pattern', diffractionPattern),
  ],
);

const meanSquaredDisplacement = section(
  'MeanSquaredDisplacement',
  'Mean squared displacement of atoms or molecules over time, and the diffusion constant from it.',
  [
    enumeration('type', 'Whether atoms or molecules are followed.', MD_PROPERTY_TYPES, SUGGESTED),
    enumeration('direction', 'Directions the displacement is measured along.', [
      'x',
      'y',
      'z',
      'xy',
      'yz',
      'xz',
      'xyz',
    ]),
    str('error_type', 'Kind of the errors given.'),
    str('label', 'The atoms or molecules followed.', SUGGESTED),
    int('n_times', 'Number of times.'),
    float('times', 'Times at which the displacement is given.', { shape: ['n_times'], unit: 'second' }),
    float('value', 'Mean squared displacement at each time.', {
      shape: ['n_times'],
      unit: 'meter ** 2',
    }),
    float('errors', 'Errors of the values.', { shape: LIST }),
    float('diffusion_constant_value', 'Diffusion constant.', { unit: 'meter ** 2 / second' }),
    str('diffusion_constant_error_type', 'Kind of the errors of the diffusion constant.'),
    float('diffusion_constant_errors', 'Errors of the diffusion constant.', { shape: LIST }),
  ],
  [sub('provenance', mdProvenance)],
);

export const dynamical = section(
  'DynamicalProperties',
  'Dynamical properties of the entry.',
  [],
  [repeating('mean_squared_displacement', meanSquaredDisplacement)],
);

/** One thermodynamic quantity sampled along a trajectory. */
const dynamicQuantity = (name: string, description: string, unit: string) =>
  section(name, description, [
    float('value', 'The values along the trajectory.', { unit }),
    float('time', 'Times the values belong to.', { unit: 'second' }),
    float('time_step', 'Time between two values.', { unit: 'second' }),
    float('time_start', 'Time of the first value.', { unit: 'second' }),
  ]);

const temperature = dynamicQuantity('TemperatureDynamic', 'Temperature along the trajectory.', 'kelvin');
const pressure = dynamicQuantity('PressureDynamic', 'Pressure along the trajectory.', 'pascal');
const volume = dynamicQuantity('VolumeDynamic', 'Volume along the trajectory.', 'meter ** 3');
const energyPotential = dynamicQuantity('EnergyDynamic', 'Potential energy along the trajectory.', 'joule');

const trajectory = section(
  'Trajectory',
  'Thermodynamic quantities along a molecular-dynamics trajectory.',
  [
    enumeration(
      'available_properties',
      'The quantities the trajectory provides.',
      ['temperature', 'pressure', 'volume', 'energy_potential'],
      { shape: ['0..*'], search: true },
    ),
  ],
  [
    sub('temperature', temperature),
    sub('pressure', pressure),
    sub('volume', volume),
    sub('energy_potential', energyPotential),
    sub('provenance', mdProvenance),
  ],
);

export const thermodynamic = section(
  'ThermodynamicProperties',
  'Thermodynamic properties of the entry.',
  [],
  [repeating('trajectory', trajectory)],
);

export const molecularDynamicsSections = [
  structural,
  dynamical,
  thermodynamic,
  molecularDynamics,
  mdProvenance,
  radialDistributionFunction,
  radiusOfGyration,
  diffractionPattern,
  meanSquaredDisplacement,
  trajectory,
  temperature,
  pressure,
  volume,
  energyPotential,
];
