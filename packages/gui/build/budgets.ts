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
} as const satisfies RouteBudgets;
