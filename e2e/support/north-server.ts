import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fixtureToolCommand } from '@oasis/server/testing/north.ts';

const root = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** nomad.yaml of a NORTH installation: the stand-in tool as `jupyter`, and a search row action for it. */
const northConfig = () =>
  JSON.stringify({
    north: {
      enabled: true,
      tools: {
        options: {
          jupyter: {
            title: 'Fixture tool',
            short_description: 'Lists the files it sees.',
            description: 'A stand-in for JupyterLab that lists the files of your uploads.',
            maintainer: [{ name: 'Oasis tests', email: 'tests@example.org' }],
            with_path: true,
            file_extensions: ['cif'],
            command: fixtureToolCommand(),
          },
        },
      },
    },
    ui: {
      apps: {
        options: {
          entries: {
            label: 'Entries',
            path: 'entries',
            resource: 'entries',
            category: 'All',
            rows: {
              actions: {
                enabled: true,
                options: {
                  tool: {
                    type: 'north',
                    filepath: 'mainfile',
                    tool_name: 'jupyter',
                    description: 'Open in the tool',
                  },
                },
              },
            },
          },
        },
      },
    },
  });

/**
 * A server of its own for the NORTH spec (the shared e2e server has NORTH off): the built GUI, a
 * throw-away data directory, the stand-in tool configured. Returns its origin and the teardown.
 */
export const startNorthServer = async (): Promise<{ origin: string; close(): Promise<void> }> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-e2e-north-'));
  const origin = `http://127.0.0.1:${port}`;
  // JSON is YAML: the configuration is written as JSON.
  const configFile = path.join(dataDir, 'nomad.yaml');
  writeFileSync(configFile, northConfig());
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`north server exited with code ${child.exitCode}`);
    const ready = await fetch(`${origin}/nomad-oasis/api/v1/info`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('north server not ready after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
