import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A port free on loopback at the moment of asking. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Waits until the started server answers `url`, failing early when its process exits. */
const waitForReady = async (url: string, child: ChildProcess, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
};

/**
 * Starts the real server process (as `npm start` does) on a free port with its data directory and
 * nomad.yaml, serving the built GUI, and waits until it answers. Answers its origin and the process.
 */
export const spawnServer = async (
  dataDir: string,
  configFile: string,
  /** A port chosen beforehand, when the configuration names the server's own origin. */
  chosenPort?: number,
): Promise<{ origin: string; child: ChildProcess }> => {
  const port = chosenPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
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
  });
  await waitForReady(`${origin}/nomad-oasis/api/v1/info`, child);
  return { origin, child };
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
