import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** What the user chose: a unit system and, for its unlocked dimensions, other units. */
interface UnitsChoice {
  /** Key of the selected unit system (`ui.unit_systems.options`). */
  system: string;
  /** Unit per dimension ('energy' -> 'meV') replacing the system's unit. */
  overrides: Readonly<Record<string, string>>;
}

export interface UnitsState extends UnitsChoice {
  /** Switching the system starts from its own units: overrides of the previous one are dropped. */
  selectSystem(system: string): void;
  setOverride(dimension: string, unit: string): void;
  /** Back to the system's own units. */
  resetOverrides(): void;
}

export type UnitsStore = StoreApi<UnitsState>;

/** The key under which the choice survives reloads (localStorage). */
export const UNITS_STORAGE_KEY = 'oasis-units';

export function createUnitsStore(defaultSystem: string, storage?: StateStorage): UnitsStore {
  return createStore<UnitsState>()(
    persist(
      (set) => ({
        system: defaultSystem,
        overrides: {},
        selectSystem: (system) => set({ system, overrides: {} }),
        setOverride: (dimension, unit) =>
          set((state) => ({ overrides: { ...state.overrides, [dimension]: unit } })),
        resetOverrides: () => set({ overrides: {} }),
      }),
      {
        name: UNITS_STORAGE_KEY,
        storage: createJSONStorage(() => storage ?? window.localStorage),
        partialize: ({ system, overrides }): UnitsChoice => ({ system, overrides }),
      },
    ),
  );
}
