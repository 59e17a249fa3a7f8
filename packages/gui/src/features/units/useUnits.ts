import { useContext, useMemo, useSyncExternalStore } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import {
  effectiveUnits,
  resolveDisplayUnit,
  type DisplayUnit,
  type UnitsByDimension,
} from './displayUnit.ts';
import { UnitsContext } from './UnitsProvider.tsx';
import type { UnitsState } from './unitsStore.ts';
import { readUnitSystems, type UnitSystem, type UnitSystems } from './unitSystems.ts';

export interface Units {
  systems: UnitSystems;
  /** Key of the system in force (a stored key no longer configured falls back to the default). */
  systemKey: string;
  system: UnitSystem;
  overrides: Readonly<Record<string, string>>;
  /** The unit per dimension in force. */
  units: UnitsByDimension;
  /** Undefined outside a UnitsProvider: the default system is shown and cannot be changed. */
  actions: Pick<UnitsState, 'selectSystem' | 'setOverride' | 'resetOverrides'> | undefined;
}

const noSubscription = () => () => undefined;
const noState = () => undefined;

/** The unit system the user chose (or the configured default outside a UnitsProvider). */
export function useUnits(): Units {
  const { ui } = useEnv();
  const systems = useMemo(() => readUnitSystems(ui), [ui]);
  const store = useContext(UnitsContext);
  const state = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getState ?? noState);
  return useMemo(() => {
    const chosen = state && systems.options[state.system] ? state.system : systems.selected;
    const system = systems.options[chosen]!;
    const overrides = chosen === state?.system ? state.overrides : {};
    return {
      systems,
      systemKey: chosen,
      system,
      overrides,
      units: effectiveUnits(system, overrides),
      actions: state,
    };
  }, [state, systems]);
}

/**
 * The unit a value stored in `unit` (NOMAD unit name, e.g. 'joule') is shown in, with its converter.
 * `dimension` names the unit-system dimension when known; `explicit` is a configured display unit
 * (e.g. a results column's `unit`) that wins when it fits the dimension.
 */
export function useDisplayUnit(unit: string | undefined, dimension?: string, explicit?: string): DisplayUnit {
  const { units } = useUnits();
  return useMemo(
    () => resolveDisplayUnit(unit, units, dimension, explicit),
    [unit, units, dimension, explicit],
  );
}
