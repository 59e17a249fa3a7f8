// Two server processes on one PostgreSQL database, as nodes behind a load balancer: failed logins through
// either node count towards one back-off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createUser } from '../store/users.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { freshPostgresDatabase, testPostgresServer, type FreshDatabase } from '../testing/test-database.ts';

const serverUrl = testPostgresServer();

describe.runIf(serverUrl)('login back-off on several nodes', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-login-nodes-'));
  let database: FreshDatabase;
  let db: Database;
  const nodes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl!);
    const config = path.join(dataDir, 'nomad.yaml');
    writeFileSync(
      config,
      'services:\n  login_limits:\n    account_failures: 4\n    base_delay: 60\n    max_delay: 60\n',
    );
    const env = {
      OASIS_DATA_DIR: dataDir,
      OASIS_DATABASE_URL: database.url,
      OASIS_CONFIG: config,
      OASIS_PUBLIC_URL: 'http://oasis.example.org',
    };
    nodes.push(...(await Promise.all([1, 2].map(() => startServerProcess(env)))));
    db = await openDatabase({ databaseUrl: database.url });
    await migrate(db);
    await createUser(db, { username: 'dave', password: 'dave-password', email: 'dave@example.org' });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (node: ServerProcess, username: string, password: string) =>
    fetch(`${node.api}/auth/token?${new URLSearchParams({ username, password }).toString()}`);

  it('shares one count: two failures through each node make the next attempt wait on both', async () => {
    const [first, second] = nodes as [ServerProcess, ServerProcess];
    for (let i = 0; i < 2; i++) expect((await login(first, 'dave', 'wrong')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(second, 'dave', 'wrong')).status).toBe(401);
    for (const node of nodes) {
      const limited = await login(node, 'dave', 'dave-password');
      expect(limited.status, node.api).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
    }
  });
});
