import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@oasis/server/testing/free-port.ts';
import { runOasisCli, spawnServer } from './server-process.ts';
import { DATACITE_PASSWORD, DATACITE_PREFIX, DATACITE_USER, startPeers } from './peers.ts';

/** How many seeded public entries the search tests find (e2e/tests/search-*.spec.ts). */
export const SEEDED_ENTRIES = 1500;

/**
 * Starts the real server process (as `npm start` does, on a free port with a throw-away data directory)
 * serving the built GUI; the tests talk to it through Chromium and HTTP. Returns the teardown.
 */
const globalSetup = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-e2e-'));
  // Published synthetic entries for the search tests, written while the server is stopped.
  runOasisCli(dataDir, ['seed', '--entries', String(SEEDED_ENTRIES), '--seed', '5']);
  // The mail server invitations go through and the DataCite-shaped server DOIs come from, on loopback.
  const peersDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-e2e-peers-'));
  const peers = await startPeers(peersDir);
  const configFile = path.join(dataDir, 'nomad.yaml');
  // The resources API asks the server's own OPTIMADE API, which finds the published entries.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  writeFileSync(
    configFile,
    [
      'mail:',
      '  enabled: true',
      '  host: 127.0.0.1',
      `  port: ${peers.smtpPort}`,
      '  secure: false',
      '  from_address: oasis@example.org',
      'datacite:',
      '  enabled: true',
      `  url: ${peers.dataciteUrl}`,
      `  prefix: '${DATACITE_PREFIX}'`,
      `  user: ${DATACITE_USER}`,
      `  password: ${DATACITE_PASSWORD}`,
      'resources:',
      // Asked again at every visit: earlier tests' visits must not hide what later ones publish.
      '  max_age: 1',
      '  optimade_providers:',
      '    - name: This oasis',
      `      base_url: ${origin}/nomad-oasis/optimade/v1/`,
      `      entry_url: ${origin}/nomad-oasis/gui/entry/id/{id}`,
      '',
    ].join('\n'),
  );
  const { child } = await spawnServer(dataDir, configFile, port);
  process.env.E2E_BASE_URL = origin;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PEERS_DIR = peersDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await peers.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(peersDir, { recursive: true, force: true });
  };
};

export default globalSetup;
