import { createContext, useContext, type ReactNode } from 'react';
import type { Env } from './env.ts';

const EnvContext = createContext<Env | undefined>(undefined);

/** Provides the runtime config; passed in (not read globally) so tests can render any configuration. */
export function EnvProvider({ env, children }: { env: Env; children: ReactNode }) {
  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}

export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv must be used inside an EnvProvider');
  return env;
}
