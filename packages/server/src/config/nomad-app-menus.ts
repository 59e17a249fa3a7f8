import type { MenuItemConfig } from '@oasis/schema';
import {
  histogram,
  menu,
  nestedObject,
  periodicTable,
  plain,
  searchable,
  terms,
  toggle,
} from './nomad-app-items.ts';

/** The filter sub-menus NOMAD's default apps share (as its env.json lists them). */

const material = 'results.material';
const symmetry = `${material}.symmetry`;
const simulation = 'results.method.simulation';
const properties = 'results.properties';
const METHOD = 'results.method.method_name';
const AVAILABLE = `${properties}.available_properties`;

/** A method's sub-menu opens with a checkbox for its entries, then its own filters. */
const methodMenu = (name: string, items: MenuItemConfig[]) =>
  menu(name, [toggle(METHOD, name, `Search ${name} entries`), ...items]);

/**
 * NOMAD's GUI offers groups of available properties as filters of their own (electronic_properties, ...);
 * other GUIs know the quantity itself, so the groups are written as its options, each value required.
 */
const propertyGroup = (title: string, labels: Record<string, string>) =>
  terms(AVAILABLE, {
    title,
    query_mode: 'all',
    options: Object.fromEntries(Object.entries(labels).map(([value, label]) => [value, { label }])),
  });

export const materialHeading = menu('Material');

export const elementsMenu = menu(
  'Elements / Formula',
  [
    periodicTable(`${material}.elements`),
    ...['hill', 'iupac', 'reduced', 'anonymous'].map((formula) =>
      searchable(`${material}.chemical_formula_${formula}`, { width: 6 }),
    ),
    histogram(`${material}.n_elements`),
  ],
  { size: 'xxl' },
);

export const symmetryMenu = menu('Structure / Symmetry', [
  terms(`${material}.structural_type`),
  terms(`${symmetry}.bravais_lattice`, { n_columns: 2 }),
  terms(`${symmetry}.crystal_system`, { n_columns: 2 }),
  searchable(`${symmetry}.space_group_symbol`),
  terms(`${symmetry}.structure_name`, { show_input: true, options: 5 }),
  terms(`${symmetry}.strukturbericht_designation`, { show_input: true }),
  searchable(`${symmetry}.point_group`),
  searchable(`${symmetry}.hall_symbol`),
  searchable(`${symmetry}.prototype_aflow_id`),
]);

export const programMenu = menu(
  'Method',
  [terms(`${simulation}.program_name`, { show_input: true }), searchable(`${simulation}.program_version`)],
  { indentation: null },
);

export const precisionMenu = menu('Precision', [
  histogram(`${simulation}.precision.k_line_density`),
  searchable(`${simulation}.precision.native_tier`),
  terms(`${simulation}.precision.basis_set`, { show_input: true, options: 5 }),
  histogram(`${simulation}.precision.planewave_cutoff`),
  histogram(`${simulation}.precision.apw_cutoff`),
]);

/** DFT, TB, GW, BSE and DMFT. */
export const simulationMethodMenus: MenuItemConfig[] = [
  methodMenu('DFT', [
    terms(`${simulation}.dft.xc_functional_type`),
    terms(`${simulation}.dft.xc_functional_names`, { show_input: true }),
    histogram(`${simulation}.dft.exact_exchange_mixing_factor`),
    histogram(`${simulation}.dft.hubbard_kanamori_model.u_effective`),
    terms(`${simulation}.dft.core_electron_treatment`),
    terms(`${simulation}.dft.relativity_method`),
  ]),
  methodMenu('TB', [terms(`${simulation}.tb.type`), terms(`${simulation}.tb.localization_type`)]),
  methodMenu(
    'GW',
    ['type', 'starting_point_type', 'basis_set_type'].map((name) => terms(`${simulation}.gw.${name}`)),
  ),
  methodMenu(
    'BSE',
    ['type', 'solver', 'starting_point_type', 'basis_set_type', 'gw_type'].map((name) =>
      terms(`${simulation}.bse.${name}`),
    ),
  ),
  methodMenu('DMFT', [
    terms(`${simulation}.dmft.impurity_solver_type`, { n_columns: 2 }),
    histogram(`${simulation}.dmft.inverse_temperature`),
    terms(`${simulation}.dmft.magnetic_state`),
    histogram(`${simulation}.dmft.u`),
    histogram(`${simulation}.dmft.jh`),
    terms(`${simulation}.dmft.analytical_continuation`),
  ]),
];

const trajectory = `${properties}.thermodynamic.trajectory`;
const geometry = `${properties}.geometry_optimization`;

/** The Workflow heading with molecular dynamics and geometry optimisation. */
export const workflowMenus: MenuItemConfig[] = [
  menu('Workflow'),
  menu('Molecular dynamics', [
    nestedObject(trajectory, [
      terms(`${trajectory}.available_properties`, { options: 4 }),
      terms(`${trajectory}.provenance.molecular_dynamics.ensemble_type`, { options: 2 }),
      histogram(`${trajectory}.provenance.molecular_dynamics.time_step`),
    ]),
  ]),
  menu('Geometry Optimization', [
    toggle(AVAILABLE, 'geometry_optimization', 'Search geometry optimization entries'),
    nestedObject(geometry, [
      histogram(`${geometry}.final_energy_difference`),
      histogram(`${geometry}.final_force_maximum`),
      histogram(`${geometry}.final_displacement_maximum`),
    ]),
  ]),
];

const electronic = `${properties}.electronic`;
const mechanical = `${properties}.mechanical`;

/** The Properties heading with electronic, vibrational and mechanical properties. */
export const propertiesMenus: MenuItemConfig[] = [
  menu('Properties'),
  menu('Electronic', [
    propertyGroup('Electronic properties', {
      'electronic.band_structure_electronic.band_gap': 'Band gap',
      band_structure_electronic: 'Band structure',
      dos_electronic: 'Density of states',
      greens_functions_electronic: "Green's functions",
      eels: 'Electron energy loss spectrum',
    }),
    nestedObject(`${electronic}.band_structure_electronic.band_gap`, [
      terms(`${electronic}.band_structure_electronic.band_gap.type`, { options: 2 }),
      histogram(`${electronic}.band_structure_electronic.band_gap.value`),
    ]),
    nestedObject(`${electronic}.band_structure_electronic`, [
      terms(`${electronic}.band_structure_electronic.spin_polarized`),
    ]),
    nestedObject(`${electronic}.dos_electronic`, [terms(`${electronic}.dos_electronic.spin_polarized`)]),
  ]),
  menu('Vibrational', [
    propertyGroup('Vibrational properties', {
      dos_phonon: 'Phonon density of states',
      band_structure_phonon: 'Phonon band structure',
      energy_free_helmholtz: 'Helmholtz free energy',
      heat_capacity_constant_volume: 'Heat capacity constant volume',
    }),
  ]),
  menu('Mechanical', [
    propertyGroup('Mechanical properties', {
      bulk_modulus: 'Bulk modulus',
      shear_modulus: 'Shear modulus',
      energy_volume_curve: 'Energy-volume curve',
    }),
    nestedObject(`${mechanical}.bulk_modulus`, [
      terms(`${mechanical}.bulk_modulus.type`, { show_input: true }),
      histogram(`${mechanical}.bulk_modulus.value`),
    ]),
    nestedObject(`${mechanical}.shear_modulus`, [
      terms(`${mechanical}.shear_modulus.type`),
      histogram(`${mechanical}.shear_modulus.value`),
    ]),
    nestedObject(`${mechanical}.energy_volume_curve`, [
      terms(`${mechanical}.energy_volume_curve.type`, { show_input: true, options: 5 }),
    ]),
  ]),
];

export const authorMenu = menu(
  'Author / Origin / Dataset',
  [
    searchable('authors.name'),
    histogram('upload_create_time'),
    terms('external_db', { options: 5 }),
    terms('datasets.dataset_name', { show_input: true }),
    searchable('datasets.doi'),
  ],
  { size: 'lg', indentation: null },
);

export const idsMenu = menu(
  'Visibility / IDs / Schema',
  [
    plain('visibility'),
    ...['entry_id', 'upload_id', 'upload_name', `${material}.material_id`, 'datasets.dataset_id'].map(
      (name) => searchable(name),
    ),
    plain('definitions'),
  ],
  { indentation: null },
);

export const optimadeMenu = menu('Optimade', [plain('optimade')], { size: 'lg', indentation: null });

/** The top of every app's filter menu. */
export const filtersMenu = (items: MenuItemConfig[]): MenuItemConfig =>
  menu('Filters', items, { size: 'sm', indentation: 0 });
