import { enumeration, float, int, repeating, section, str, sub, SUGGESTED } from '../define.ts';

/** results.properties.spectroscopic: measured or computed spectra and where they come from. */

const eelsMethodology = section('EELSMethodology', 'Settings of an electron energy-loss measurement.', [
  str('detector_type', 'Kind of detector.', SUGGESTED),
  float('resolution', 'Energy resolution.', { unit: 'joule', search: true }),
  float('max_energy', 'Highest energy loss recorded.', { unit: 'joule', search: true }),
  float('min_energy', 'Lowest energy loss recorded.', { unit: 'joule', search: true }),
]);

/** The electronic-structure calculation a property was derived from. */
export const electronicStructureProvenance = section(
  'ElectronicStructureProvenance',
  'The electronic-structure calculation a property comes from.',
  [str('label', 'Label of the source, e.g. the method that produced it.', { search: true })],
);

const spectraProvenance = section(
  'SpectraProvenance',
  'Where a spectrum comes from: the measurement or the calculation.',
  [str('label', 'Label of the source.', { search: true })],
  [sub('eels', eelsMethodology), repeating('electronic_structure', electronicStructureProvenance)],
);

const spectra = section(
  'Spectra',
  'One spectrum: intensity against energy.',
  [
    enumeration(
      'type',
      'Kind of spectroscopy.',
      ['EELS', 'XAS', 'XANES', 'EXAFS', 'XES', 'XPS', 'RXIS', 'unavailable'],
      SUGGESTED,
    ),
    enumeration(
      'label',
      'Whether the spectrum was measured or computed.',
      ['computation', 'experiment'],
      SUGGESTED,
    ),
    int('n_energies', 'Number of energies.'),
    float('energies', 'Energies of the spectrum.', { shape: ['n_energies'], unit: 'joule' }),
    float('intensities', 'Intensity at each energy.', { shape: ['n_energies'] }),
    str('intensities_units', 'Unit of the intensities, as written by the source.'),
  ],
  [sub('provenance', spectraProvenance)],
);

export const spectroscopic = section(
  'SpectroscopicProperties',
  'Spectroscopic properties of the entry.',
  [],
  [repeating('spectra', spectra)],
);

export const spectroscopicSections = [
  spectroscopic,
  spectra,
  spectraProvenance,
  eelsMethodology,
  electronicStructureProvenance,
];
