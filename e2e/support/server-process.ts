import { spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@oasis/server/testing/free-port.ts';
import { startServerProcess } from '@oasis/server/testing/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real server process (as `npm start` does) on a free port, or the one chosen beforehand when
 * the configuration names the server's own origin, with its data directory and nomad.yaml, serving the
 * built GUI, and waits until it answers (the server's own test support: testing/server-process.ts).
 */
export const spawnServer = async (
  dataDir: string,
  configFile: string,
  chosenPort?: number,
): Promise<{ origin: string; child: ChildProcess }> => {
  const port = chosenPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    { OASIS_DATA_DIR: dataDir, OASIS_CONFIG: configFile, OASIS_PUBLIC_URL: origin },
    { port },
  );
  return { origin, child: server.child };
};

/** Runs the oasis CLI on a data directory whose server is not running (PGlite has one process). */
export const runOasisCli = (dataDir: string, args: string[]): void => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/cli/main.ts'), ...args],
    { cwd: root, env: { ...process.env, OASIS_DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`oasis ${args.join(' ')} failed: ${result.stderr}`);
};
