import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOasisCli, spawnServer } from './server-process.ts';

export interface OwnServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A server of its own for a spec whose configuration differs from the shared e2e server's (NORTH on, a
 * publishing target): the built GUI, a throw-away data directory, `config` as its nomad.yaml and the
 * `cliCommands` run before it starts (users to add). Returns its origin and the teardown.
 */
export const startOwnServer = async (
  config: Record<string, unknown>,
  cliCommands: string[][] = [],
): Promise<OwnServer> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-e2e-own-'));
  for (const args of cliCommands) runOasisCli(dataDir, args);
  // JSON is YAML: the configuration is written as JSON.
  const configFile = path.join(dataDir, 'nomad.yaml');
  writeFileSync(configFile, JSON.stringify(config));
  const { origin, child } = await spawnServer(dataDir, configFile);
  return {
    origin,
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
