import type { Env } from '../core/env.ts';

interface MenuEntry {
  label: string;
  tooltip: string;
  /** In-app route (relative to the GUI base path). */
  to?: string;
  /** External link, opened in a new tab. */
  href?: string;
}

export interface MenuGroup {
  label: 'Publish' | 'Explore' | 'Analyze' | 'About';
  entries: MenuEntry[];
  /** Shown instead of entries when there are none. */
  emptyText?: string;
}

/** The top menu, derived from the runtime config so each installation shows its own apps and features. */
export function menuGroups(env: Env): MenuGroup[] {
  const analyze: MenuEntry[] = [];
  if (env.northEnabled) {
    analyze.push({
      label: 'NOMAD Remote Tools Hub (NORTH)',
      tooltip: 'Run analysis tools and notebooks on the data of this installation',
      to: '/analyze/north',
    });
  }
  analyze.push(
    {
      label: 'APIs',
      tooltip: 'The APIs of this installation and how to get an app token',
      to: '/analyze/apis',
    },
    {
      label: 'The NOMAD Metainfo',
      tooltip: 'Browse the metadata schemas (the metainfo)',
      to: '/analyze/metainfo',
    },
  );
  return [
    {
      label: 'Publish',
      entries: [
        { label: 'Uploads', tooltip: 'Upload and publish new data', to: '/user/uploads' },
        { label: 'Datasets', tooltip: 'Manage your datasets and request DOIs', to: '/user/datasets' },
        {
          label: 'Your data',
          tooltip: 'Search the data you uploaded or that is shared with you',
          to: '/user/search',
        },
      ],
    },
    {
      label: 'Explore',
      entries: env.apps.map((app) => ({
        label: app.label,
        tooltip: app.description ?? `Search ${app.resource}`,
        to: `/search/${app.path}`,
      })),
      emptyText: 'No apps available',
    },
    { label: 'Analyze', entries: analyze },
    {
      label: 'About',
      entries: [
        { label: 'Information', tooltip: 'About this installation', to: '/about/information' },
        {
          label: 'Forum',
          tooltip: 'Ask and discuss on the NOMAD forum',
          href: 'https://matsci.org/c/nomad/32',
        },
        {
          label: 'FAQ',
          tooltip: 'Frequently asked questions',
          href: 'https://nomad-lab.eu/nomad-lab/faq.html',
        },
        { label: 'Docs', tooltip: 'The NOMAD documentation', href: 'https://nomad-lab.eu/prod/v1/docs/' },
        { label: 'Sources', tooltip: 'The NOMAD source code', href: 'https://github.com/nomad-coe/nomad' },
        { label: 'Terms', tooltip: 'The terms of use', href: 'https://nomad-lab.eu/terms' },
      ],
    },
  ];
}
