import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { createUnitsStore, UNITS_STORAGE_KEY } from './unitsStore.ts';

const memoryStorage = (): StateStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

describe('createUnitsStore', () => {
  it('starts with the default system and drops overrides when the system changes', () => {
    const store = createUnitsStore('Custom', memoryStorage());
    expect(store.getState().system).toBe('Custom');
    store.getState().setOverride('energy', 'meV');
    expect(store.getState().overrides).toEqual({ energy: 'meV' });
    store.getState().selectSystem('SI');
    expect(store.getState()).toMatchObject({ system: 'SI', overrides: {} });
  });

  it('persists the choice so a new store (a reload) restores it', () => {
    const storage = memoryStorage();
    const first = createUnitsStore('Custom', storage);
    first.getState().selectSystem('SI');
    first.getState().setOverride('length', 'nm');
    expect(JSON.parse(storage.items.get(UNITS_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { system: 'SI', overrides: { length: 'nm' } },
    });
    const second = createUnitsStore('Custom', storage);
    expect(second.getState()).toMatchObject({ system: 'SI', overrides: { length: 'nm' } });
    second.getState().resetOverrides();
    expect(second.getState().overrides).toEqual({});
  });
});
