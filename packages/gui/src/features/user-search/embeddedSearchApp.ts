import type { AppConfig } from '@oasis/schema';
import { useMemo } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';

/** Used when the installation configures no entries app at all. */
const PLAIN_ENTRIES_APP: AppConfig = {
  label: 'Entries',
  path: 'entries',
  resource: 'entries',
  category: 'All',
};

/**
 * The entries app as pages that embed a search use it (a dataset, 'Your data'): NOMAD takes the
 * `entries` app's menu, columns and dashboard, enables the free-text syntax again and locks what
 * the page is about. `filtersLocked` should be memoised by the caller.
 */
export function useEmbeddedSearchApp(filtersLocked: Readonly<Record<string, unknown>>): AppConfig {
  const { ui, apps } = useEnv();
  return useMemo(() => {
    const entries =
      ui.apps?.options?.entries ?? apps.find((app) => app.resource === 'entries') ?? PLAIN_ENTRIES_APP;
    const { exclude: _exclude, ...syntaxes } = entries.search_syntaxes ?? {};
    return {
      ...entries,
      search_syntaxes: syntaxes,
      filters_locked: { ...entries.filters_locked, ...filtersLocked },
    };
  }, [ui, apps, filtersLocked]);
}
