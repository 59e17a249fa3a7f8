import {
  bool,
  enumeration,
  float,
  int,
  LIST,
  MATRIX3,
  reference,
  repeating,
  section,
  str,
  sub,
  VECTOR3,
} from '../define.ts';
import type { QuantityDefinition } from '../model.ts';
import { ELEMENT_SYMBOLS } from './elements.ts';

/** results.properties: the physical properties of the entry, normalised for search and the entry page. */

const species = section('Species', 'One species at the sites of a structure (OPTIMADE convention).', [
  str('name', 'Name of the species, as used in species_at_sites.'),
  // OPTIMADE adds 'vacancy' and 'x' (unknown) to the element symbols.
  enumeration('chemical_symbols', 'Elements of the species.', [...ELEMENT_SYMBOLS, 'vacancy', 'x'], {
    shape: ['1..*'],
  }),
  float('concentration', 'Concentration of each element of the species.', { shape: ['1..*'] }),
  float('mass', 'Mass of the species.', { unit: 'unified_atomic_mass_unit' }),
  str('original_name', 'Name of the species in the source data.'),
]);

const latticeParameters = section('LatticeParameters', 'Lengths of and angles between the cell vectors.', [
  float('a', 'Length of the first cell vector.', { unit: 'meter', search: true }),
  float('b', 'Length of the second cell vector.', { unit: 'meter', search: true }),
  float('c', 'Length of the third cell vector.', { unit: 'meter', search: true }),
  float('alpha', 'Angle between the second and third cell vectors.', { unit: 'radian', search: true }),
  float('beta', 'Angle between the first and third cell vectors.', { unit: 'radian', search: true }),
  float('gamma', 'Angle between the first and second cell vectors.', { unit: 'radian', search: true }),
]);

const wyckoffSet = section('WyckoffSet', 'Atoms of one element on one Wyckoff position.', [
  str('wyckoff_letter', 'Wyckoff letter of the position.'),
  int('indices', 'Indices of the atoms on the position.', { shape: ['1..*'] }),
  str('element', 'Chemical symbol of the atoms.'),
  float('x', 'Free parameter x of the position, if any.'),
  float('y', 'Free parameter y of the position, if any.'),
  float('z', 'Free parameter z of the position, if any.'),
]);

const structure = section(
  'Structure',
  'An atomic structure in OPTIMADE form: cell, sites and species.',
  [
    int('dimension_types', 'Whether the cell is periodic (1) or not (0) along each vector.', {
      shape: VECTOR3,
    }),
    int('nperiodic_dimensions', 'Number of periodic dimensions.', { search: true }),
    float('lattice_vectors', 'Cell vectors, one per row.', { shape: MATRIX3, unit: 'meter' }),
    float('cartesian_site_positions', 'Cartesian position of each site.', {
      shape: ['n_sites', 3],
      unit: 'meter',
    }),
    int('n_sites', 'Number of sites.', { search: true }),
    str('species_at_sites', 'Species name of each site.', { shape: ['n_sites'] }),
    float('cell_volume', 'Volume of the cell.', { unit: 'meter ** 3', search: true }),
    float('atomic_density', 'Number of atoms per volume.', { unit: '1 / meter ** 3' }),
    float('mass_density', 'Mass per volume.', { unit: 'kilogram / meter ** 3' }),
  ],
  [
    repeating('species', species),
    sub('lattice_parameters', latticeParameters),
    repeating('wyckoff_sets', wyckoffSet),
  ],
);

const structures = section(
  'Structures',
  'The structure of the entry as given, as conventional and as primitive cell.',
  [],
  [
    sub('structure_original', structure),
    sub('structure_conventional', structure),
    sub('structure_primitive', structure),
  ],
);

const bandGapQuantities: readonly QuantityDefinition[] = [
  str('label', 'Label of the band gap, e.g. the method that produced it.'),
  int('index', 'Spin channel of the band gap.', { search: true }),
  float('value', 'Size of the band gap; zero for metals.', { unit: 'joule', search: true }),
  enumeration('type', 'Whether the band gap is direct or indirect.', ['direct', 'indirect'], {
    search: true,
  }),
  float('energy_highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
  float('energy_lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
];

const bandGap = section('BandGap', 'Band gap of one spin channel.', bandGapQuantities);
// NOMAD keeps the band gaps of DOS and band structure in a separately named, older section.
const bandGapDeprecated = section('BandGapDeprecated', 'Band gap of one spin channel.', bandGapQuantities);

const dosElectronic = section(
  'DOSElectronic',
  'The electronic density of states of the entry, by reference to the calculation.',
  [
    str('label', 'Label of the DOS, e.g. the method that produced it.'),
    bool('spin_polarized', 'Whether the DOS is spin-polarised.', { search: true }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
    reference('energies', 'The energy grid.', 'run.calculation.dos_electronic.energies'),
    reference('total', 'The total DOS of each spin channel.', 'run.calculation.dos_electronic.total', {
      shape: LIST,
    }),
  ],
  [repeating('band_gap', bandGapDeprecated)],
);

const bandStructureElectronic = section(
  'BandStructureElectronic',
  'The electronic band structure of the entry, by reference to the calculation.',
  [
    bool('spin_polarized', 'Whether the band structure is spin-polarised.', { search: true }),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
    str('label', 'Label of the band structure, e.g. the method that produced it.'),
    reference(
      'reciprocal_cell',
      'The reciprocal cell of the k-path.',
      'run.calculation.band_structure_electronic.reciprocal_cell',
    ),
    reference('segment', 'The segments of the k-path.', 'run.calculation.band_structure_electronic.segment', {
      shape: LIST,
    }),
    str('path_standard', 'Convention of the k-point path.'),
  ],
  [repeating('band_gap', bandGapDeprecated)],
);

const electronic = section(
  'ElectronicProperties',
  'Electronic properties of the entry.',
  [],
  [
    repeating('band_gap', bandGap),
    repeating('dos_electronic', dosElectronic),
    repeating('band_structure_electronic', bandStructureElectronic),
  ],
);

const geometryOptimization = section('GeometryOptimization', 'Outcome of a geometry optimisation.', [
  reference('trajectory', 'The calculations of the optimisation steps.', 'run.calculation', {
    shape: ['0..*'],
  }),
  reference('system_optimized', 'The optimised structure.', 'run.system'),
  reference('energies', 'Total energy at each step.', 'workflow2.results.energies'),
  str('type', 'Degrees of freedom that were optimised.'),
  float('convergence_tolerance_energy_difference', 'Requested energy change tolerance.', {
    unit: 'joule',
    search: true,
  }),
  float('convergence_tolerance_force_maximum', 'Requested largest-force tolerance.', {
    unit: 'newton',
    search: true,
  }),
  float('final_force_maximum', 'Largest force on an atom at the end.', { unit: 'newton', search: true }),
  float('final_energy_difference', 'Energy change in the last step.', { unit: 'joule', search: true }),
  float('final_displacement_maximum', 'Largest displacement in the last step.', {
    unit: 'meter',
    search: true,
  }),
]);

export const properties = section(
  'Properties',
  'Physical properties of the entry.',
  [
    int('n_calculations', 'Number of calculations in the entry.', { search: true }),
    str('available_properties', 'Names of the properties the entry provides.', {
      shape: ['0..*'],
      search: true,
    }),
  ],
  [
    sub('structures', structures),
    sub('electronic', electronic),
    sub('geometry_optimization', geometryOptimization),
  ],
);

export const propertiesSections = [
  properties,
  structures,
  structure,
  species,
  latticeParameters,
  wyckoffSet,
  electronic,
  bandGap,
  bandGapDeprecated,
  dosElectronic,
  bandStructureElectronic,
  geometryOptimization,
];
