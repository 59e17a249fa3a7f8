import { enumeration, float, int, MATRIX3, repeating, section, str } from '../define.ts';

/** run.calculation: eigenvalues, densities of states and band structures (electronic and phonon). */

/** How far a value is resolved (NOMAD's AtomicValues), shared by the energy, force, DOS ... entries. */
export const atomicCounts = [
  str('kind', 'Kind of the contribution, as the code names it.'),
  int('n_orbitals', 'Number of orbitals the value is resolved for.'),
  int('n_atoms', 'Number of atoms the value is resolved for.'),
  int('n_spin_channels', 'Number of spin channels the value is resolved for.'),
];

// Band gaps found by the normalisers, per spin channel; not indexed (results holds the searchable copy).
export const bandGap = section('BandGapDeprecated', 'Band gap of one spin channel.', [
  int('index', 'Spin channel of the band gap.'),
  float('value', 'Size of the band gap; zero for metals.', { unit: 'joule' }),
  enumeration('type', 'Whether the band gap is direct or indirect.', ['direct', 'indirect']),
  float('energy_highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
  float('energy_lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
]);

const BANDS = ['n_spin_channels', 'n_kpoints', 'n_bands'] as const;

export const bandEnergies = section(
  'BandEnergies',
  'Eigenvalues and occupations on a set of k-points (a mesh or one band-structure segment).',
  [
    int('n_spin_channels', 'Number of spin channels.'),
    int('n_bands', 'Number of bands.'),
    int('n_kpoints', 'Number of k-points.'),
    float('kpoints', 'k-points in fractional coordinates of the reciprocal cell.', {
      shape: ['n_kpoints', 3],
    }),
    float('kpoints_weights', 'Weight of each k-point.', { shape: ['n_kpoints'] }),
    float('kpoints_multiplicities', 'Multiplicity of each k-point.', { shape: ['n_kpoints'] }),
    str('endpoints_labels', 'Labels of the first and last k-point of a segment.', { shape: [2] }),
    str('orbital_labels', 'Label of each band, where bands are orbitals.', { shape: ['n_bands'] }),
    float('energies', 'Eigenvalues per spin, k-point and band.', { shape: BANDS, unit: 'joule' }),
    float('occupations', 'Occupation per spin, k-point and band.', { shape: BANDS }),
    // The parts of GW quasi-particle energies, per spin, k-point and band.
    float('value_ks', 'Kohn-Sham eigenvalues the GW corrections start from.', {
      shape: BANDS,
      unit: 'joule',
    }),
    float('value_ks_xc', 'Kohn-Sham exchange-correlation part of the eigenvalues.', {
      shape: BANDS,
      unit: 'joule',
    }),
    float('value_exchange', 'Exchange part of the self-energy.', { shape: BANDS, unit: 'joule' }),
    float('value_correlation', 'Correlation part of the self-energy.', { shape: BANDS, unit: 'joule' }),
    float('value_xc', 'Exchange-correlation self-energy.', { shape: BANDS, unit: 'joule' }),
    float('value_xc_potential', 'Expectation value of the exchange-correlation potential.', {
      shape: BANDS,
      unit: 'joule',
    }),
    float('value_qp', 'Quasi-particle energies.', { shape: BANDS, unit: 'joule' }),
    float('qp_linearization_prefactor', 'Renormalisation factor Z of the quasi-particle equation.', {
      shape: BANDS,
    }),
  ],
  [repeating('band_gap', bandGap)],
);

export const dosValues = section(
  'DosValues',
  'Density-of-states values (total or projected) on the energy grid.',
  [
    float('value', 'Density of states at each energy.', { shape: ['n_energies'], unit: '1 / joule' }),
    float('value_integrated', 'Number of states up to each energy.', { shape: ['n_energies'] }),
    float('normalization_factor', 'Factor that normalises the values per atom and cell.'),
    int('spin', 'Spin channel of the values.'),
    str('atom_label', 'Label of the atom the values are projected on.'),
    int('atom_index', 'Index of the atom the values are projected on.'),
    str('orbital', 'Orbital the values are projected on.'),
    str('m_kind', 'Kind of the magnetic quantum number labels.'),
    int('lm', 'Angular momentum and magnetic quantum numbers of the projection.', { shape: [2] }),
    str('phonon_mode', 'Phonon mode the values are projected on.'),
  ],
);

export const dos = section(
  'Dos',
  'Density of states of one spin channel on an energy grid.',
  [
    int('n_energies', 'Number of energies in the grid.'),
    float('energies', 'Energy grid.', { shape: ['n_energies'], unit: 'joule' }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
    float('energy_ref', 'Reference energy of the grid.', { unit: 'joule' }),
    int('spin_channel', 'Spin channel of this DOS.'),
    ...atomicCounts,
  ],
  [
    repeating('total', dosValues),
    repeating('species_projected', dosValues),
    repeating('atom_projected', dosValues),
    repeating('orbital_projected', dosValues),
    repeating('band_gap', bandGap),
  ],
);

export const bandStructure = section(
  'BandStructure',
  'Band structure along a path through the Brillouin zone, as segments between high-symmetry points.',
  [
    str('path_standard', 'Convention of the k-point path, e.g. setyawan_curtarolo.'),
    float('reciprocal_cell', 'Reciprocal cell the k-points refer to, including 2π.', {
      shape: MATRIX3,
      unit: '1 / meter',
    }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
  ],
  [repeating('segment', bandEnergies), repeating('band_gap', bandGap)],
);
