import {
  BAND_GAP_SECTION,
  DEFAULT_ENTRY_COLUMNS,
  type AppConfig,
  type ColumnConfig,
  type MenuItemConfig,
  type WidgetConfig,
} from '@oasis/schema';
import { eelsApp, elnApp } from './nomad-apps-experiment.ts';
import { calculationsApp, materialsApp } from './nomad-apps-theory.ts';

const columns: ColumnConfig[] = [...DEFAULT_ENTRY_COLUMNS];

/** Terms with a text input when the values are too many to list (formulas, names, versions). */
const terms = (
  search_quantity: string,
  extra: Partial<Extract<MenuItemConfig, { type: 'terms' }>> = {},
): MenuItemConfig => ({
  type: 'terms',
  search_quantity,
  show_input: false,
  width: 12,
  show_header: true,
  ...extra,
});
const searchable = (search_quantity: string, width = 12): MenuItemConfig =>
  terms(search_quantity, { show_input: true, options: 0, width });
const histogram = (search_quantity: string): MenuItemConfig => ({
  type: 'histogram',
  x: { search_quantity, scale: 'linear' },
  y: { scale: 'linear' },
  show_input: true,
  autorange: false,
  width: 12,
  show_header: true,
});
/** A heading (no items) or a sub-menu that opens beside the filter menu. */
const menu = (title: string, items?: MenuItemConfig[], size: 'md' | 'lg' | 'xxl' = 'md'): MenuItemConfig => ({
  type: 'menu',
  title,
  size,
  ...(items ? { items, indentation: 1 } : {}),
});
// The band gaps processing stores (band structures), as NOMAD's default apps search them.
const gap = BAND_GAP_SECTION;

const filterMenu: MenuItemConfig = {
  type: 'menu',
  title: 'Filters',
  size: 'sm',
  items: [
    menu('Material'),
    menu(
      'Elements / Formula',
      [
        { type: 'periodic_table', search_quantity: 'results.material.elements', scale: 'linear', width: 12 },
        searchable('results.material.chemical_formula_hill', 6),
        searchable('results.material.chemical_formula_iupac', 6),
        searchable('results.material.chemical_formula_reduced', 6),
        searchable('results.material.chemical_formula_anonymous', 6),
        histogram('results.material.n_elements'),
      ],
      'xxl',
    ),
    menu('Structure / Symmetry', [
      terms('results.material.structural_type'),
      terms('results.material.symmetry.bravais_lattice', { n_columns: 2 }),
      terms('results.material.symmetry.crystal_system', { n_columns: 2 }),
      searchable('results.material.symmetry.space_group_symbol'),
      terms('results.material.symmetry.structure_name', { show_input: true }),
      terms('results.material.symmetry.strukturbericht_designation', { show_input: true }),
      searchable('results.material.symmetry.point_group'),
      searchable('results.material.symmetry.hall_symbol'),
      searchable('results.material.symmetry.prototype_aflow_id'),
    ]),
    menu('Method', undefined),
    menu('Program', [
      terms('results.method.simulation.program_name', { show_input: true }),
      searchable('results.method.simulation.program_version'),
    ]),
    menu('DFT', [
      terms('results.method.method_name', {
        show_header: false,
        options: { DFT: { label: 'Search DFT entries' } },
      }),
      terms('results.method.simulation.dft.xc_functional_type'),
      terms('results.method.simulation.dft.xc_functional_names', { show_input: true }),
      histogram('results.method.simulation.dft.exact_exchange_mixing_factor'),
      terms('results.method.simulation.dft.core_electron_treatment'),
      terms('results.method.simulation.dft.relativity_method'),
    ]),
    menu('Precision', [
      histogram('results.method.simulation.precision.k_line_density'),
      searchable('results.method.simulation.precision.native_tier'),
      terms('results.method.simulation.precision.basis_set', { show_input: true }),
      histogram('results.method.simulation.precision.planewave_cutoff'),
      histogram('results.method.simulation.precision.apw_cutoff'),
    ]),
    menu('Properties'),
    menu('Electronic', [
      {
        type: 'nested_object',
        path: gap,
        items: [terms(`${gap}.type`), histogram(`${gap}.value`)],
      },
      terms('results.properties.electronic.band_structure_electronic.spin_polarized'),
    ]),
    menu('Geometry optimization', [
      terms('results.properties.available_properties', {
        show_header: false,
        options: { geometry_optimization: { label: 'Search geometry optimization' } },
      }),
      {
        type: 'nested_object',
        path: 'results.properties.geometry_optimization',
        items: [
          histogram('results.properties.geometry_optimization.final_energy_difference'),
          histogram('results.properties.geometry_optimization.final_force_maximum'),
          histogram('results.properties.geometry_optimization.final_displacement_maximum'),
        ],
      },
    ]),
    menu('Author / Origin / Dataset', [
      searchable('authors.name'),
      histogram('upload_create_time'),
      terms('external_db', { options: 5 }),
      terms('datasets.dataset_name', { show_input: true }),
    ]),
    menu('Visibility / IDs / Schema', [
      { type: 'visibility', width: 12 },
      searchable('entry_id'),
      searchable('upload_id'),
      searchable('upload_name'),
      searchable('results.material.material_id'),
      searchable('datasets.dataset_id'),
      { type: 'definitions', width: 12 },
    ]),
    menu('Optimade', [{ type: 'optimade', width: 12 }], 'lg'),
    menu('Custom quantities', [{ type: 'custom_quantities', width: 12 }], 'lg'),
  ],
};

/** Layouts per breakpoint (x, y, w, h); minimum widget size 3x3 (spec 2 §9). */
const layout = (...sizes: [number, number, number, number][]) => {
  const names = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;
  return Object.fromEntries(
    sizes.map(([x, y, w, h], i) => [names[i], { x, y, w, h, minW: 3, minH: 3 }]),
  ) as NonNullable<WidgetConfig['layout']>;
};

const widgets: WidgetConfig[] = [
  {
    type: 'periodic_table',
    search_quantity: 'results.material.elements',
    scale: 'linear',
    layout: layout([0, 0, 12, 8], [0, 0, 12, 8], [0, 0, 12, 9], [0, 0, 12, 9], [0, 0, 13, 9]),
  },
  {
    type: 'histogram',
    title: 'Band gap',
    x: { search_quantity: `${gap}.value`, unit: 'eV', scale: 'linear' },
    y: { scale: 'linear' },
    nbins: 30,
    autorange: false,
    show_input: true,
    layout: layout([0, 8, 12, 4], [12, 0, 6, 4], [12, 0, 12, 4], [12, 0, 10, 4], [13, 0, 11, 4]),
  },
  {
    type: 'terms',
    search_quantity: 'results.method.simulation.program_name',
    scale: 'log',
    show_input: true,
    layout: layout([0, 12, 6, 6], [12, 4, 6, 6], [12, 4, 6, 5], [22, 0, 8, 9], [24, 0, 6, 9]),
  },
  {
    type: 'terms',
    search_quantity: 'results.material.structural_type',
    scale: 'log',
    show_input: false,
    layout: layout([6, 12, 6, 6], [0, 8, 6, 6], [18, 4, 6, 5], [12, 4, 10, 5], [30, 0, 6, 9]),
  },
];

/**
 * The explore app an installation gets when its configuration names none (spec 2 §2): all entries, the
 * default and optional result columns of spec 2 §3, and a filter menu and dashboard over the search
 * quantities this server indexes.
 */
export const defaultEntriesApp: AppConfig = {
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
  description: 'Search entries across all domains',
  breadcrumb: 'Entries',
  readme:
    'Every entry of this installation, whatever produced it: simulations, experiments or notebooks. ' +
    'The explore menu may list apps that focus on one kind of data with filters and columns made for it.',
  pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 20 },
  columns,
  rows: { actions: { enabled: true }, details: { enabled: true }, selection: { enabled: true } },
  menu: filterMenu,
  dashboard: { widgets },
  filters: { exclude: ['mainfile', 'entry_name', 'combine'] },
  search_quantities: { exclude: ['mainfile', 'entry_name', 'combine'] },
  search_syntaxes: { exclude: ['free_text'] },
};

/** The apps of an installation that configures none: ours for all entries, and NOMAD's others. */
export const defaultApps: { options: Record<string, AppConfig> } = {
  options: {
    entries: defaultEntriesApp,
    calculations: calculationsApp,
    materials: materialsApp,
    eln: elnApp,
    eels: eelsApp,
  },
};
