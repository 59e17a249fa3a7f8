import type { AppConfig, ColumnConfig, WidgetConfig } from '@oasis/schema';
import { column, layout } from './nomad-app-items.ts';
import {
  authorMenu,
  elementsMenu,
  filtersMenu,
  idsMenu,
  materialHeading,
  optimadeMenu,
  precisionMenu,
  programMenu,
  propertiesMenus,
  simulationMethodMenus,
  symmetryMenu,
  workflowMenus,
} from './nomad-app-menus.ts';

/** The apps of NOMAD's 'Theory' category: calculations, and materials grouped from them. */

const rows = { actions: { enabled: true }, details: { enabled: true }, selection: { enabled: true } };
const notSearched = { exclude: ['mainfile', 'entry_name', 'combine'] };

/** Columns offered after an app's own: precision, structure, names and files, access. */
const offeredColumns: ColumnConfig[] = [
  ...['apw_cutoff', 'basis_set', 'k_line_density', 'native_tier', 'planewave_cutoff'].map((name) =>
    column(`results.method.simulation.precision.${name}`, false),
  ),
  ...[
    'structural_type',
    'symmetry.crystal_system',
    'symmetry.space_group_symbol',
    'symmetry.space_group_number',
  ].map((name) => column(`results.material.${name}`, false)),
];

/** The last columns of every entries app. */
export const entryColumns: ColumnConfig[] = [
  column('mainfile', false),
  column('comment', false),
  column('references', false),
  column('datasets', false),
  column('published', false, 'Access'),
];

const dashboard: WidgetConfig[] = [
  {
    type: 'periodic_table',
    search_quantity: 'results.material.elements',
    scale: 'linear',
    layout: layout([0, 0, 12, 8], [0, 0, 12, 8], [0, 0, 14, 11], [0, 0, 14, 11], [0, 0, 13, 9]),
  },
  {
    type: 'terms',
    search_quantity: 'results.material.symmetry.space_group_symbol',
    scale: 'linear',
    show_input: true,
    layout: layout([6, 13, 6, 5], [12, 8, 6, 6], [19, 6, 5, 5], [24, 5, 6, 6], [30, 0, 6, 9]),
  },
  {
    type: 'terms',
    search_quantity: 'results.material.structural_type',
    scale: 'log',
    show_input: false,
    layout: layout([6, 8, 6, 5], [0, 8, 6, 6], [19, 0, 5, 6], [19, 0, 5, 11], [19, 0, 6, 9]),
  },
  {
    type: 'terms',
    search_quantity: 'results.method.simulation.program_name',
    scale: 'log',
    show_input: true,
    layout: layout([0, 8, 6, 5], [12, 0, 6, 8], [14, 0, 5, 6], [14, 0, 5, 11], [13, 0, 6, 9]),
  },
  {
    type: 'terms',
    search_quantity: 'results.material.symmetry.crystal_system',
    scale: 'linear',
    show_input: false,
    layout: layout([0, 13, 6, 5], [6, 8, 6, 6], [14, 6, 5, 5], [24, 0, 6, 5], [25, 0, 5, 9]),
  },
];

export const calculationsApp: AppConfig = {
  label: 'Calculations',
  path: 'calculations',
  resource: 'entries',
  category: 'Theory',
  description: 'Search calculations',
  readme:
    'Entries computed by simulation codes: search them by material, method, program, workflow and the ' +
    'properties they provide.',
  pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 20 },
  columns: [
    column('results.material.chemical_formula_hill', true, 'Formula'),
    column('results.method.simulation.program_name', true),
    column('results.method.method_name', true),
    column('results.method.simulation.dft.xc_functional_type', true),
    column('upload_create_time', true, 'Upload time'),
    column('authors', true),
    ...offeredColumns,
    column('entry_name', false, 'Name'),
    ...entryColumns,
  ],
  rows,
  menu: filtersMenu([
    materialHeading,
    elementsMenu,
    symmetryMenu,
    programMenu,
    precisionMenu,
    ...simulationMethodMenus,
    ...workflowMenus,
    ...propertiesMenus,
    authorMenu,
    idsMenu,
    optimadeMenu,
  ]),
  filters: notSearched,
  search_quantities: notSearched,
  dashboard: { widgets: dashboard },
  filters_locked: { quantities: 'results.method.simulation.program_name' },
  search_syntaxes: { exclude: ['free_text'] },
};

/**
 * Materials: entries grouped by the material processing identified. Columns name material quantities
 * without their `results.material.` prefix, as the materials resource has them.
 */
export const materialsApp: AppConfig = {
  label: 'Materials',
  path: 'materials',
  resource: 'materials',
  category: 'Theory',
  description: 'Search materials that are identified from calculations',
  readme:
    'Materials that processing identified in calculations with a full atomic structure, each with the ' +
    'entries that describe it. A material matches when its entries together meet the filters.',
  pagination: { order_by: 'chemical_formula_hill', order: 'asc', page_size: 20 },
  columns: [
    column('chemical_formula_hill', true, 'Formula'),
    column('structural_type', true),
    column('symmetry.structure_name', true),
    column('symmetry.space_group_number', true),
    column('symmetry.crystal_system', true),
    column('symmetry.space_group_symbol', false),
    column('material_id', false),
  ],
  rows: { actions: { enabled: true }, details: { enabled: false }, selection: { enabled: false } },
  menu: filtersMenu([
    materialHeading,
    elementsMenu,
    symmetryMenu,
    programMenu,
    ...simulationMethodMenus,
    ...workflowMenus,
    ...propertiesMenus,
    authorMenu,
    idsMenu,
    optimadeMenu,
  ]),
  filters: { exclude: ['mainfile', 'entry_name'] },
  search_quantities: { exclude: ['mainfile', 'entry_name'] },
  search_syntaxes: { exclude: ['free_text'] },
};
