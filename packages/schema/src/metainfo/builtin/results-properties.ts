import { bool, enumeration, float, int, LIST, reference, repeating, section, str, sub } from '../define.ts';
import { catalytic, catalyticSections } from './results-catalytic.ts';
import { magnetic, magneticSections } from './results-magnetic.ts';
import { mechanical, mechanicalSections } from './results-mechanical.ts';
import {
  dynamical,
  molecularDynamicsSections,
  structural,
  thermodynamic,
} from './results-molecular-dynamics.ts';
import { optoelectronic, optoelectronicSections } from './results-optoelectronic.ts';
import {
  electronicStructureProvenance,
  spectroscopic,
  spectroscopicSections,
} from './results-spectroscopic.ts';
import { structureSections, structures } from './results-structure.ts';
import { vibrational, vibrationalSections } from './results-vibrational.ts';

/** results.properties: the physical properties of the entry, normalised for search and the entry page. */

const bandGapQuantities = [
  str('label', 'Label of the band gap, e.g. the method that produced it.'),
  int('index', 'Spin channel of the band gap.', { search: true }),
  float('value', 'Size of the band gap; zero for metals.', { unit: 'joule', search: true }),
  enumeration('type', 'Whether the band gap is direct or indirect.', ['direct', 'indirect'], {
    search: true,
  }),
  float('energy_highest_occupied', 'Energy of the highest occupied state.', { unit: 'joule' }),
  float('energy_lowest_unoccupied', 'Energy of the lowest unoccupied state.', { unit: 'joule' }),
] as const;

const provenanceTracker = section('ProvenanceTracker', 'Where a value comes from.', [
  str('label', 'Label of the source, e.g. the method that produced it.', { search: true }),
]);

const bandGap = section('BandGap', 'Band gap of one spin channel.', bandGapQuantities, [
  sub('provenance', electronicStructureProvenance),
]);
// NOMAD keeps the band gaps of DOS and band structure in a separately named, older section.
const bandGapDeprecated = section('BandGapDeprecated', 'Band gap of one spin channel.', bandGapQuantities, [
  sub('provenance', provenanceTracker),
]);

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

const dosNew = section(
  'DOSNew',
  'The DOS of one spin channel, by reference to the calculation.',
  [
    int('spin_channel', 'Spin channel of the DOS.'),
    float('energy_fermi', 'Fermi energy.', { unit: 'joule' }),
    float('energy_ref', 'Reference energy the DOS energies are given against.', { unit: 'joule' }),
  ],
  [repeating('band_gap', bandGapDeprecated)],
);

const dosElectronicNew = section(
  'DOSElectronicNew',
  'The electronic density of states of the entry per spin channel, with projections.',
  [
    str('label', 'Label of the DOS, e.g. the method that produced it.'),
    bool('spin_polarized', 'Whether the DOS is spin-polarised.', { search: true }),
    bool('has_projected', 'Whether projected DOS (species, atoms, orbitals) are given.', { search: true }),
  ],
  [repeating('data', dosNew)],
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
    repeating('dos_electronic_new', dosElectronicNew),
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
    sub('structural', structural),
    sub('dynamical', dynamical),
    sub('structures', structures),
    sub('vibrational', vibrational),
    sub('electronic', electronic),
    sub('magnetic', magnetic),
    sub('optoelectronic', optoelectronic),
    sub('catalytic', catalytic),
    sub('mechanical', mechanical),
    sub('thermodynamic', thermodynamic),
    sub('spectroscopic', spectroscopic),
    sub('geometry_optimization', geometryOptimization),
  ],
);

export const propertiesSections = [
  properties,
  ...structureSections,
  electronic,
  bandGap,
  bandGapDeprecated,
  provenanceTracker,
  dosElectronic,
  dosElectronicNew,
  dosNew,
  bandStructureElectronic,
  geometryOptimization,
  ...molecularDynamicsSections,
  ...magneticSections,
  ...optoelectronicSections,
  ...catalyticSections,
  ...mechanicalSections,
  ...vibrationalSections,
  ...spectroscopicSections,
];
