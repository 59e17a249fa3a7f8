import type { AppConfig } from '@oasis/schema';
import {
  column,
  histogram,
  menu,
  nestedObject,
  plain,
  searchable,
  terms,
  toggle,
} from './nomad-app-items.ts';
import {
  authorMenu,
  elementsMenu,
  filtersMenu,
  idsMenu,
  materialHeading,
  optimadeMenu,
  programMenu,
} from './nomad-app-menus.ts';
import { entryColumns } from './nomad-apps-theory.ts';

/** The apps of NOMAD's 'Experiment' category: electronic lab notebooks and EELS spectra. */

const rows = { actions: { enabled: true }, details: { enabled: true }, selection: { enabled: true } };
const notSearched = { exclude: ['mainfile', 'entry_name', 'combine'] };
const pagination = { order_by: 'upload_create_time', order: 'desc', page_size: 20 } as const;
const ELN = ['lab_ids', 'sections', 'methods', 'tags', 'instruments'];

/** Entries with a `data` section: what notebooks and schemas hold. */
export const elnApp: AppConfig = {
  label: 'ELN',
  path: 'eln',
  resource: 'entries',
  category: 'Experiment',
  description: 'Search electronic lab notebooks',
  readme:
    'Entries of electronic lab notebooks and of data written with a schema, with the filters that ' +
    'their sections, tags, methods and instruments offer.',
  pagination,
  columns: [
    column('entry_name', true, 'Name'),
    column('entry_type', true),
    column('upload_create_time', true, 'Upload time'),
    column('authors', true),
    column('results.material.chemical_formula_hill', false, 'Formula'),
    column('results.method.method_name', false),
    ...ELN.map((name) => column(`results.eln.${name}`, false)),
    ...entryColumns,
  ],
  rows,
  menu: filtersMenu([
    materialHeading,
    elementsMenu,
    menu(
      'Electronic Lab Notebook',
      [
        ...['sections', 'tags', 'methods', 'instruments'].map((name) => terms(`results.eln.${name}`)),
        ...['names', 'descriptions', 'lab_ids'].map((name) => searchable(`results.eln.${name}`)),
      ],
      { indentation: null },
    ),
    menu('User Defined Quantities', [plain('custom_quantities')], { size: 'xl', indentation: null }),
    authorMenu,
    idsMenu,
    optimadeMenu,
  ]),
  filters: notSearched,
  search_quantities: notSearched,
  filters_locked: { quantities: 'data' },
};

const eels = 'results.properties.spectroscopic.spectra.provenance.eels';

/** Electron energy loss spectroscopy: entries whose method is EELS. */
export const eelsApp: AppConfig = {
  label: 'EELS',
  path: 'eels',
  resource: 'entries',
  category: 'Experiment',
  description: 'Search electron energy loss spectroscopy experiments',
  readme:
    'Electron energy loss spectra, searched by the detector, resolution and energy range of their ' +
    'measurement besides material and authors.',
  pagination,
  columns: [
    column('results.material.chemical_formula_hill', true, 'Formula'),
    column(`${eels}.detector_type`, true),
    column(`${eels}.resolution`, true),
    column('upload_create_time', true, 'Upload time'),
    column('authors', true),
    column(`${eels}.min_energy`, false),
    column(`${eels}.max_energy`, false),
    column('entry_name', false, 'Name'),
    column('entry_type', false),
    ...entryColumns,
  ],
  rows,
  menu: filtersMenu([
    materialHeading,
    elementsMenu,
    programMenu,
    menu('EELS', [
      toggle('results.method.method_name', 'EELS', 'Search EELS entries'),
      nestedObject(eels, [
        terms(`${eels}.detector_type`, { show_input: true }),
        histogram(`${eels}.resolution`),
        histogram(`${eels}.min_energy`),
        histogram(`${eels}.max_energy`),
      ]),
    ]),
    authorMenu,
    idsMenu,
    optimadeMenu,
  ]),
  filters: notSearched,
  search_quantities: notSearched,
  filters_locked: { 'results.method.method_name': 'EELS' },
  search_syntaxes: { exclude: ['free_text'] },
};
