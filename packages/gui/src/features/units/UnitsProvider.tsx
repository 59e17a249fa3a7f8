import { createContext, useState, type ReactNode } from 'react';
import type { StateStorage } from 'zustand/middleware';
import { useEnv } from '../../core/EnvProvider.tsx';
import { createUnitsStore, type UnitsStore } from './unitsStore.ts';
import { readUnitSystems } from './unitSystems.ts';

export const UnitsContext = createContext<UnitsStore | undefined>(undefined);

/**
 * Holds the user's unit system for everything below it (top-bar menu, search results, entry pages).
 * `storage` replaces localStorage in tests.
 */
export function UnitsProvider({ children, storage }: { children: ReactNode; storage?: StateStorage }) {
  const { ui } = useEnv();
  const [store] = useState(() => createUnitsStore(readUnitSystems(ui).selected, storage));
  return <UnitsContext.Provider value={store}>{children}</UnitsContext.Provider>;
}
