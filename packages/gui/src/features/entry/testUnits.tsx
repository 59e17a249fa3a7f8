import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { StateStorage } from 'zustand/middleware';
import { EnvProvider } from '../../core/EnvProvider.tsx';
import { readEnv } from '../../core/env.ts';
import { UnitsProvider } from '../units/index.ts';
import { testUnitSystems } from './testUnitSystems.ts';

/** A fresh in-memory store per render, so that one test's unit choice does not leak into the next. */
const memoryStorage = (): StateStorage => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

/**
 * Renders `ui` with the server's default unit systems ('Custom' selected) and a units store; `config`
 * adds to the GUI config's `ui` section.
 */
export function renderWithUnits(ui: ReactElement, config: Record<string, unknown> = {}) {
  const env = readEnv({ ui: { unit_systems: testUnitSystems, ...config } }, 'http://oasis.test');
  return render(
    <EnvProvider env={env}>
      <UnitsProvider storage={memoryStorage()}>{ui}</UnitsProvider>
    </EnvProvider>,
  );
}
