import { enumeration, float, int, section, str, sub } from '../define.ts';
import { frequencyMesh, kMesh } from './run-method-mesh.ts';

/** run.method.gw and run.method.bse: many-body perturbation theory on top of a ground state. */

const screening = section(
  'Screening',
  'How the dielectric screening is computed.',
  [
    str('type', 'Kind of screening, e.g. RPA.'),
    int('n_states', 'Number of states included.'),
    int('n_empty_states', 'Number of empty states included.'),
    float('broadening', 'Broadening of the response function.', { unit: 'joule' }),
    int('dielectric_infinity', 'Macroscopic dielectric constant used.'),
  ],
  [sub('k_mesh', kMesh), sub('q_mesh', kMesh), sub('frequency_mesh', frequencyMesh)],
);

const meshes = [sub('k_mesh', kMesh), sub('q_mesh', kMesh), sub('frequency_mesh', frequencyMesh)] as const;

export const gw = section(
  'GW',
  'Settings of a GW calculation.',
  [
    enumeration('type', 'Level of self-consistency of the GW calculation.', [
      'G0W0',
      'scGW',
      'scGW0',
      'scG0W',
      'ev-scGW0',
      'ev-scGW',
      'qp-scGW0',
      'qp-scGW',
    ]),
    int('n_states', 'Number of states in the self-energy.'),
    int('n_empty_states', 'Number of empty states in the self-energy.'),
    float('broadening', 'Broadening of the self-energy.', { unit: 'joule' }),
    enumeration('analytical_continuation', 'How the self-energy is continued to real frequencies.', [
      'pade',
      'contour_deformation',
      'ppm_GodbyNeeds',
      'ppm_HybertsenLouie',
      'ppm_vonderLindenHorsh',
      'ppm_FaridEngel',
      'multi_pole',
    ]),
    int('interval_qp_corrections', 'First and last band that get quasi-particle corrections.', {
      shape: [2],
    }),
  ],
  [...meshes, sub('screening', screening)],
);

export const bse = section(
  'BSE',
  'Settings of a Bethe-Salpeter calculation.',
  [
    enumeration('type', 'Hamiltonian of the calculation.', ['Singlet', 'Triplet', 'IP', 'RPA']),
    int('n_states', 'Number of states included.'),
    int('n_empty_states', 'Number of empty states included.'),
    float('broadening', 'Broadening of the spectra.', { unit: 'joule' }),
    enumeration('solver', 'How the Bethe-Salpeter equation is solved.', [
      'Full-diagonalization',
      'Lanczos-Haydock',
      'GMRES',
      'SLEPc',
      'TDA',
    ]),
  ],
  [...meshes, sub('screening', screening)],
);

export const gwSections = [gw, bse, screening];
