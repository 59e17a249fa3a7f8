import type { RouteBudgets } from './budgetReport.ts';

/**
 * The JavaScript a first visit may load, gzip. The about page is the landing page; the search page is the
 * one opened most from links. The build measures them, `npm test` fails when one is over.
 */
export const routeBudgets = {
  about: {
    path: '/nomad-oasis/gui/about/information',
    modules: ['src/features/about/AboutPage.tsx'],
    budgetKb: 250,
  },
  search: {
    path: '/nomad-oasis/gui/search/entries',
    modules: ['src/features/search/SearchPage.tsx'],
    budgetKb: 350,
  },
  // An entry page opened from a link; its viewers (three, h5web, plots) are chunks of their own, loaded
  // when a card needs them, and do not count here.
  entry: {
    path: '/nomad-oasis/gui/entry/id/{entry_id}',
    modules: ['src/features/entry/EntryPage.tsx'],
    budgetKb: 450,
  },
  // The same page once the material card's structure viewer is open: the viewer's frame, its scene and three.
  entryStructureViewer: {
    path: '/nomad-oasis/gui/entry/id/{entry_id} (structure viewer open)',
    modules: [
      'src/features/entry/EntryPage.tsx',
      'src/features/structure/MaterialStructure.tsx',
      'src/features/structure/StructureScene.tsx',
    ],
    budgetKb: 560,
  },
  // The same page once an HDF5 view is open (file preview or 'HDF5 datasets' card): h5web with its three.js.
  entryH5web: {
    path: '/nomad-oasis/gui/entry/id/{entry_id} (h5web open)',
    modules: ['src/features/entry/EntryPage.tsx', 'src/features/h5/H5WebApp.tsx'],
    budgetKb: 750,
  },
} as const satisfies RouteBudgets;
