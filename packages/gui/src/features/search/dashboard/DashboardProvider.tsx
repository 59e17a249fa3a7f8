import type { AppConfig } from '@oasis/schema';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useSearchContext } from '../context/index.ts';
import { dashboardStorageKey } from '../storageKeys.ts';
import { appDashboardWidgets } from './appWidgets.ts';
import { createDashboardStore, type DashboardStorage, type DashboardStore } from './store.ts';

const DashboardContext = createContext<DashboardStore | undefined>(undefined);

/** localStorage when the browser grants it; without it the dashboard lasts as long as the page. */
function browserStorage(): DashboardStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Holds the dashboard of the search context's app. Put it around the filter menu and the Dashboard
 * so that the menu's add controls (useWidgetToggle) and the dashboard share one set of widgets; the
 * Dashboard creates its own when there is none. `storage` replaces localStorage in tests.
 */
export function DashboardProvider(props: { children: ReactNode; storage?: DashboardStorage }) {
  const { app } = useSearchContext();
  // Another app has another dashboard: a new store, not the previous app's widgets.
  return <AppDashboard key={app.path} app={app} {...props} />;
}

function AppDashboard({
  app,
  children,
  storage,
}: {
  app: AppConfig;
  children: ReactNode;
  storage?: DashboardStorage;
}) {
  const [store] = useState(() =>
    createDashboardStore(
      appDashboardWidgets(app),
      dashboardStorageKey(app.path),
      storage ?? browserStorage(),
    ),
  );
  return <DashboardContext.Provider value={store}>{children}</DashboardContext.Provider>;
}

/** The dashboard store of the nearest DashboardProvider, if any. */
export function useOptionalDashboardStore(): DashboardStore | undefined {
  return useContext(DashboardContext);
}

export function useDashboardStore(): DashboardStore {
  const store = useContext(DashboardContext);
  if (!store) throw new Error('useDashboardStore must be used inside a DashboardProvider');
  return store;
}
