import { LIST, reference, section, str, sub } from '../define.ts';

/**
 * results.properties.vibrational: phonon DOS and band structure by reference to the calculation, and the
 * thermodynamic functions of the phonons. The heat capacity and Helmholtz free energy reference a
 * thermodynamics workflow's results (temperatures, heat_capacity_c_v, vibrational free energy), which
 * these definitions do not describe yet: their references stay in the archive undeclared.
 */

const dosPhonon = section('DOSPhonon', 'The phonon density of states, by reference to the calculation.', [
  reference('energies', 'The energy grid.', 'run.calculation.dos_phonon.energies'),
  reference('total', 'The total phonon DOS.', 'run.calculation.dos_phonon.total', { shape: LIST }),
]);

const bandStructurePhonon = section(
  'BandStructurePhonon',
  'The phonon band structure, by reference to the calculation.',
  [
    str('label', 'Label of the band structure, e.g. the method that produced it.'),
    reference(
      'reciprocal_cell',
      'The reciprocal cell of the k-path.',
      'run.calculation.band_structure_phonon.reciprocal_cell',
    ),
    reference('segment', 'The segments of the k-path.', 'run.calculation.band_structure_phonon.segment', {
      shape: LIST,
    }),
    str('path_standard', 'Convention of the k-point path.'),
  ],
);

const heatCapacity = section(
  'HeatCapacityConstantVolume',
  'Heat capacity at constant volume against temperature.',
  [],
);

const freeEnergy = section('EnergyFreeHelmholtz', 'Helmholtz free energy against temperature.', []);

export const vibrational = section(
  'VibrationalProperties',
  'Vibrational properties of the entry.',
  [],
  [
    sub('band_structure_phonon', bandStructurePhonon),
    sub('dos_phonon', dosPhonon),
    sub('heat_capacity_constant_volume', heatCapacity),
    sub('energy_free_helmholtz', freeEnergy),
  ],
);

export const vibrationalSections = [vibrational, dosPhonon, bandStructurePhonon, heatCapacity, freeEnergy];
