import { enumeration, repeating, section, SUGGESTED } from '../define.ts';

/**
 * results.properties.magnetic: which magnetic responses the entry has (their values stay in the run
 * and are referenced from NOMAD's archives; only the searchable classifications are kept here).
 */

const SOURCES = ['simulation', 'experiment'] as const;

const spinSpinCoupling = section('SpinSpinCoupling', 'Indirect spin-spin coupling between nuclei.', [
  enumeration('contribution', 'Which mechanism the coupling value covers.', [
    'total',
    'direct_dipolar',
    'fermi_contact',
    'orbital_diamagnetic',
    'orbital_paramagnetic',
    'spin_dipolar',
  ]),
  enumeration('source', 'Whether the value was computed or measured.', SOURCES, SUGGESTED),
]);

const magneticSusceptibility = section('MagneticSusceptibility', 'Magnetic susceptibility.', [
  enumeration('scale_dimension', 'Whether the susceptibility is of the whole or per site.', [
    'microscopic',
    'macroscopic',
  ]),
  enumeration('source', 'Whether the value was computed or measured.', SOURCES, SUGGESTED),
]);

export const magnetic = section(
  'MagneticProperties',
  'Magnetic properties of the entry.',
  [],
  [
    repeating('spin_spin_coupling', spinSpinCoupling),
    repeating('magnetic_susceptibility', magneticSusceptibility),
  ],
);

export const magneticSections = [magnetic, spinSpinCoupling, magneticSusceptibility];
