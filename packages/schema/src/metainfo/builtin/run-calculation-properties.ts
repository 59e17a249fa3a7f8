import { enumeration, float, int, reference, repeating, section, str, sub } from '../define.ts';
import { volumetricSections, volumetricSubSections } from './run-calculation-volumetric.ts';

/**
 * run.calculation: the further properties of one calculation (atomic charges, thermodynamic values,
 * vibrational frequencies, band gaps as the code reports them).
 */

const chargesValue = section('ChargesValue', 'Charge resolved by spin, atom and/or orbital.', [
  int('spin', 'Spin channel of the value.'),
  str('atom_label', 'Label of the atom the value belongs to.'),
  int('atom_index', 'Index of the atom the value belongs to.'),
  str('m_kind', 'Convention of the magnetic quantum number labels.'),
  int('lm', 'Angular momentum and magnetic quantum numbers of the orbital.', { shape: [2] }),
  str('orbital', 'Label of the orbital, e.g. 2p or dxy.'),
  float('value', 'Charge.', { unit: 'coulomb' }),
  float('n_electrons', 'Number of electrons.'),
  float('spin_z', 'Spin moment along z.'),
]);

const charges = section(
  'Charges',
  'Atomic charges from one population analysis.',
  [
    str('kind', 'Kind of the charges, as the code names them.'),
    int('n_orbitals', 'Number of orbitals resolved.'),
    int('n_atoms', 'Number of atoms resolved.'),
    int('n_spin_channels', 'Number of spin channels resolved.'),
    str('analysis_method', 'Population analysis used, e.g. Mulliken, Hirshfeld, Bader.'),
    float('value', 'Net charge of each atom.', { shape: ['n_atoms'], unit: 'coulomb' }),
    float('n_electrons', 'Number of electrons on each atom.', { shape: ['n_atoms'] }),
    float('spins', 'Spin moment of each atom.', { shape: ['n_atoms'] }),
    float('total', 'Sum of the charges.', { unit: 'coulomb' }),
  ],
  [repeating('spin_projected', chargesValue), repeating('orbital_projected', chargesValue)],
);

const thermodynamics = section('Thermodynamics', 'Thermodynamic values of one calculation or state.', [
  float('enthalpy', 'Enthalpy.', { unit: 'joule' }),
  float('entropy', 'Entropy.', { unit: 'joule / kelvin' }),
  float('chemical_potential', 'Chemical potential.', { unit: 'joule' }),
  float('kinetic_energy', 'Kinetic energy.', { unit: 'joule' }),
  float('potential_energy', 'Potential energy.', { unit: 'joule' }),
  float('internal_energy', 'Internal energy.', { unit: 'joule' }),
  float('vibrational_free_energy_at_constant_volume', 'Helmholtz free energy of the vibrations.', {
    unit: 'joule',
  }),
  float('pressure', 'Pressure.', { unit: 'pascal' }),
  float('temperature', 'Temperature.', { unit: 'kelvin' }),
  float('volume', 'Volume.', { unit: 'meter ** 3' }),
  float('heat_capacity_c_v', 'Heat capacity at constant volume.', { unit: 'joule / kelvin' }),
  float('heat_capacity_c_p', 'Heat capacity at constant pressure.', { unit: 'joule / kelvin' }),
  int('time_step', 'Step of a trajectory these values belong to.'),
]);

const vibrationalFrequenciesValues = section(
  'VibrationalFrequenciesValues',
  'Activities and intensities of the vibrational modes in one kind of spectrum.',
  [
    str('kind', 'Kind of spectrum.'),
    str('description', 'Free-text note on the values.'),
    int('n_vibrations', 'Number of vibrational modes.'),
    str('activity', 'Whether each mode is active.', { shape: ['n_vibrations'] }),
    float('intensity', 'Intensity of each mode.', { shape: ['n_vibrations'] }),
  ],
);

const vibrationalFrequencies = section(
  'VibrationalFrequencies',
  'Frequencies of the vibrational modes, as wavenumbers.',
  [
    int('n_frequencies', 'Number of frequencies.'),
    float('value', 'Wavenumber of each mode.', { shape: ['n_frequencies'], unit: '1 / meter' }),
  ],
  [sub('raman', vibrationalFrequenciesValues), sub('infrared', vibrationalFrequenciesValues)],
);

const multipolesValues = section('MultipolesValues', 'Multipole moment of one spin, atom or orbital.', [
  int('spin', 'Spin channel of the value.'),
  str('atom_label', 'Label of the atom the value belongs to.'),
  int('atom_index', 'Index of the atom the value belongs to.'),
  str('m_kind', 'Convention of the magnetic quantum number labels.'),
  int('lm', 'Angular momentum and magnetic quantum numbers of the orbital.', { shape: [2] }),
  str('orbital', 'Label of the orbital.'),
  float('value', 'Value of the moment.'),
]);

const multipolesEntry = section(
  'MultipolesEntry',
  'Multipole moments of one order (dipole, quadrupole, ...).',
  [
    str('kind', 'Kind of the moments, as the code names them.'),
    int('n_orbitals', 'Number of orbitals resolved.'),
    int('n_atoms', 'Number of atoms resolved.'),
    int('n_spin_channels', 'Number of spin channels resolved.'),
    float('origin', 'Point the moments are taken about.', { shape: [3], unit: 'meter' }),
    int('n_multipoles', 'Number of components of the moment.'),
    float('value', 'Components of the moment of each atom.', { shape: ['n_atoms', 'n_multipoles'] }),
    float('total', 'Components of the moment of the whole system.', { shape: ['n_multipoles'] }),
  ],
  [repeating('orbital_projected', multipolesValues)],
);

const multipoles = section(
  'Multipoles',
  'Multipole moments of the charge distribution.',
  [str('kind', 'How the moments were obtained, e.g. Mulliken or from the density.')],
  [
    sub('dipole', multipolesEntry),
    sub('quadrupole', multipolesEntry),
    sub('octupole', multipolesEntry),
    repeating('higher_order', multipolesEntry),
  ],
);

// NOMAD's provenance sub-section is left out: nothing writes it here.
const spectra = section('Spectra', 'An excitation spectrum: energies and intensities.', [
  str('type', 'Kind of spectrum, e.g. XAS or EELS.'),
  int('n_energies', 'Number of excitation energies.'),
  float('excitation_energies', 'Excitation energies.', { shape: ['n_energies'], unit: 'joule' }),
  float('energy_zero_ref', 'Energy the excitation energies are measured from.', { unit: 'joule' }),
  float('intensities', 'Intensity at each energy.', { shape: ['n_energies'] }),
  str('intensities_units', 'Unit of the intensities.'),
  float('oscillator_strengths', 'Oscillator strength of each excitation.', { shape: ['n_energies'] }),
  float('transition_dipole_moments', 'Transition dipole moment of each excitation.', {
    shape: ['n_energies', 3],
    unit: 'coulomb * meter',
  }),
]);

const radiusOfGyrationValues = section('RadiusOfGyrationValues', 'Radius of gyration of one group.', [
  str('label', 'Label of the group.'),
  reference('atomsgroup_ref', 'The group of atoms.', 'run.system.atoms_group', { shape: [1] }),
  float('value', 'Radius of gyration.', { unit: 'meter' }),
]);

const radiusOfGyration = section(
  'RadiusOfGyration',
  'Radii of gyration of groups of atoms.',
  [str('kind', 'Kind of groups, e.g. molecules.')],
  [repeating('radius_of_gyration_values', radiusOfGyrationValues)],
);

// results' ElectronicStructureProvenance and BandGap again, without search flags (run is not indexed).
const provenance = section('ElectronicStructureProvenance', 'Where a value comes from.', [
  str('label', 'Label of the source, e.g. parser or the method that produced it.'),
  reference('dos', 'The DOS the value was derived from.', 'run.calculation.dos_electronic.total'),
  reference('band_structure', 'The bands the value was derived from.', 'run.calculation.eigenvalues'),
  reference('methodology', 'The method of the calculation.', 'run.method'),
]);

const calculationBandGap = section(
  'BandGap',
  'Band gap of one spin channel, as the code reports it.',
  [
    int('index', 'Spin channel of the band gap.'),
    float('value', 'Size of the band gap; zero for metals.', { unit: 'joule' }),
    enumeration('type', 'Whether the band gap is direct or indirect.', ['direct', 'indirect']),
    float('energy_highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
    float('energy_lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
  ],
  [sub('provenance', provenance)],
);

export const calculationPropertySubSections = [
  repeating('band_gap', calculationBandGap),
  repeating('thermodynamics', thermodynamics),
  repeating('vibrational_frequencies', vibrationalFrequencies),
  repeating('spectra', spectra),
  repeating('multipoles', multipoles),
  repeating('charges', charges),
  repeating('radius_of_gyration', radiusOfGyration),
  ...volumetricSubSections,
] as const;

export const calculationPropertySections = [
  calculationBandGap,
  provenance,
  charges,
  chargesValue,
  thermodynamics,
  vibrationalFrequencies,
  vibrationalFrequenciesValues,
  multipoles,
  multipolesEntry,
  multipolesValues,
  spectra,
  radiusOfGyration,
  radiusOfGyrationValues,
  ...volumetricSections,
];
