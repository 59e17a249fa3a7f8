// A tool must not outlive its server: after the server process is killed with SIGKILL (no exit hook runs),
// the tool's whole process group ends, as its guard sees the server's pipe close.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createUser } from '../store/users.ts';
import { freePort } from '../testing/free-port.ts';
import { as, json } from '../testing/http.ts';
import { fixtureToolCommand } from '../testing/north.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { portAnswers } from './tool-instance.ts';

describe('NORTH tools and a killed server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-north-kill-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('end with it when it is killed with SIGKILL', async () => {
    const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrate(db);
    await createUser(db, { username: 'tess', password: 'tess-password' });
    await db.close();
    const port = await freePort();
    const config = path.join(dataDir, 'nomad.yaml');
    writeFileSync(
      config,
      [
        'north:',
        '  enabled: true',
        `  port_range: {start: ${port}, end: ${port}}`,
        '  tools:',
        '    options:',
        '      fixture:',
        '        title: Fixture',
        `        command: ${JSON.stringify(fixtureToolCommand())}`,
        '',
      ].join('\n'),
    );
    server = await startServerProcess({ OASIS_DATA_DIR: dataDir, OASIS_CONFIG: config });
    const login = await fetch(`${server.api}/auth/token?username=tess&password=tess-password`);
    const { access_token: token } = await json<{ access_token: string }>(login);
    const launch = await fetch(`${server.api}/north/fixture`, as(token, { method: 'POST' }));
    expect(launch.status, await launch.clone().text()).toBe(200);
    expect((await json<{ data: { state: string } }>(launch)).data.state).toBe('running');
    expect(await portAnswers(port)).toBe(true);

    await server.stop('SIGKILL');
    await expect.poll(() => portAnswers(port), { timeout: 30_000, interval: 100 }).toBe(false);
  }, 120_000);
});
