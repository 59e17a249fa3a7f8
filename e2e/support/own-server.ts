import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForReady } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface OwnServer {
  origin: string;
  close(): Promise<void>;
}

/** Runs the oasis CLI on a data directory whose server is not running (PGlite has one process). */
const runCli = (dataDir: string, args: string[]) => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/cli/main.ts'), ...args],
    { cwd: root, env: { ...process.env, OASIS_DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`oasis ${args.join(' ')} failed: ${result.stderr}`);
};

/**
 * A server of its own for a spec whose configuration differs from the shared e2e server's (NORTH on, a
 * publishing target): the built GUI, a throw-away data directory, `config` as its nomad.yaml and the
 * `cliCommands` run before it starts (users to add). Returns its origin and the teardown.
 */
export const startOwnServer = async (
  config: Record<string, unknown>,
  cliCommands: string[][] = [],
): Promise<OwnServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-e2e-own-'));
  const origin = `http://127.0.0.1:${port}`;
  for (const args of cliCommands) runCli(dataDir, args);
  // JSON is YAML: the configuration is written as JSON.
  const configFile = path.join(dataDir, 'nomad.yaml');
  writeFileSync(configFile, JSON.stringify(config));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        OASIS_DATA_DIR: dataDir,
        OASIS_CONFIG: configFile,
        OASIS_PUBLIC_URL: origin,
        OASIS_LOG: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForReady(`${origin}/nomad-oasis/api/v1/info`, child);
  return {
    origin,
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
