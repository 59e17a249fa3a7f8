// Three server processes on one PostgreSQL database and one data directory, as an installation with
// several nodes behind a load balancer: tokens, processing, edits and deletions through different nodes,
// and a node killed with SIGKILL in the middle of processing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { PROCESS_UPLOAD } from './jobs/processing.ts';
import { createUser } from './store/users.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { naclCif } from './testing/structures.ts';
import { freshPostgresDatabase, testPostgresServer, type FreshDatabase } from './testing/test-database.ts';
import { readUntil } from './testing/until.ts';
import { makeZip } from './testing/zip.ts';
import { apiClient } from './testing/http.ts';

const ENTRIES = 240;
const serverUrl = testPostgresServer();

describe.runIf(serverUrl)('several nodes on one PostgreSQL database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-cluster-'));
  let database: FreshDatabase;
  let db: Database;
  const nodes: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl!);
    const config = path.join(dataDir, 'nomad.yaml');
    writeFileSync(config, 'process:\n  job_lease: 2\n');
    env = {
      OASIS_DATA_DIR: dataDir,
      OASIS_DATABASE_URL: database.url,
      OASIS_CONFIG: config,
      // One public address for all nodes, as behind a load balancer: tokens name it as their issuer.
      OASIS_PUBLIC_URL: 'http://oasis.example.org',
    };
    // All at once on an empty database: one schema, one signing key.
    nodes.push(...(await Promise.all([1, 2, 3].map(() => startServerProcess(env)))));
    db = await openDatabase({ databaseUrl: database.url });
    await migrate(db);
    await createUser(db, { username: 'ada', password: 'ada-password', email: 'ada@example.org' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const token = async (node: ServerProcess) =>
    (await apiClient(node).call('authToken', { query: { username: 'ada', password: 'ada-password' } }))
      .access_token;
  const total = async (node: ServerProcess, bearer: string, query: Record<string, unknown> = {}) =>
    (
      await apiClient(node, bearer).call('entriesQuery', {
        body: { owner: 'user', query, pagination: { page_size: 0 } },
      })
    ).pagination.total;

  it('processes through any node, survives a SIGKILL mid-processing, and every node answers the same', async () => {
    const [first, second, third] = nodes as [ServerProcess, ServerProcess, ServerProcess];
    // A token from one node opens every node.
    const bearer = await token(first);
    for (const node of nodes)
      await expect(apiClient(node, bearer).call('uploadsList'), node.api).resolves.toHaveProperty('data');
    expect((await db.query('SELECT kid FROM oidc_keys')).rows).toHaveLength(1);

    const files = Object.fromEntries(
      Array.from({ length: ENTRIES }, (_, i) => [`s${String(i).padStart(3, '0')}/NaCl.cif`, naclCif]),
    );
    const created = await apiClient(second, bearer).upload('uploadCreate', new Blob([makeZip(files)]), {
      query: { file_name: 'structures.zip' },
    });
    const uploadId = created.upload_id;

    // Kill the node running the job once some entries are done.
    const finished = () =>
      db.query<{ entry_id: string; complete_time: Date }>(
        `SELECT entry_id, complete_time FROM entries WHERE upload_id = $1 AND process_status = 'SUCCESS'`,
        [uploadId],
      );
    const holder = await readUntil(
      async () =>
        (
          await db.query<{ lease_owner: string | null; done: string }>(
            `SELECT j.lease_owner, (SELECT count(*) FROM entries e WHERE e.upload_id = j.upload_id
               AND e.process_status = 'SUCCESS')::text AS done
             FROM jobs j WHERE j.upload_id = $1 AND j.state = 'RUNNING'`,
            [uploadId],
          )
        ).rows[0],
      (row) => Number(row?.done ?? 0) >= 10,
    );
    expect(Number(holder?.done)).toBeLessThan(ENTRIES);
    const victim = nodes.find((node) => holder?.lease_owner?.split(':')[1] === String(node.pid));
    expect(victim).toBeDefined();
    await victim!.stop('SIGKILL');
    const doneAtKill = new Map(
      (await finished()).rows.map((row) => [row.entry_id, row.complete_time.getTime()]),
    );
    expect(doneAtKill.size).toBeLessThan(ENTRIES);

    // Another node takes the job over when the lease runs out and finishes it.
    const survivors = nodes.filter((node) => node !== victim);
    const state = await readUntil(
      async () =>
        (await apiClient(survivors[0]!, bearer).call('uploadById', { params: { upload_id: uploadId } })).data,
      (data) => !data.process_running,
    );
    expect(state.process_status).toBe('SUCCESS');
    const after = (await finished()).rows;
    expect(after).toHaveLength(ENTRIES);
    // What was finished before the kill was not processed again.
    for (const row of after)
      if (doneAtKill.has(row.entry_id))
        expect(row.complete_time.getTime()).toBe(doneAtKill.get(row.entry_id));
    const { rows: jobs } = await db.query<{ state: string; attempts: number; lease_owner: string }>(
      'SELECT state, attempts, lease_owner FROM jobs WHERE upload_id = $1 AND kind = $2',
      [uploadId, PROCESS_UPLOAD],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'DONE', attempts: 2 });
    expect(jobs[0]!.lease_owner).not.toBe(holder!.lease_owner);

    // A node started in the dead one's place; the token still works there and every node sees it all.
    nodes[nodes.indexOf(victim!)] = await startServerProcess(env);
    for (const node of nodes) expect(await total(node, bearer)).toBe(ENTRIES);

    // An edit through one node is searchable on every node within two seconds.
    await apiClient(first, bearer).call('uploadEdit', {
      params: { upload_id: uploadId },
      body: { metadata: { upload_name: 'Rock salt, many times' } },
    });
    for (const node of nodes) {
      const found = await readUntil(
        () => total(node, bearer, { upload_name: 'Rock salt, many times' }),
        (n) => n === ENTRIES,
      );
      expect(found, node.api).toBe(ENTRIES);
    }

    // Deleted through another node: gone on all of them.
    await apiClient(third, bearer).call('uploadDelete', { params: { upload_id: uploadId } });
    for (const node of nodes)
      expect(
        await readUntil(
          () => total(node, bearer),
          (n) => n === 0,
        ),
      ).toBe(0);

    // Once-per-installation work has one holder, a live node: when the SIGKILLed node held it, its lease
    // runs out (30 s) and a live node takes it over.
    const live = nodes.map((node) => String(node.pid));
    const leases = await readUntil(
      async () =>
        (
          await db.query<{ holder: string }>(
            `SELECT holder FROM node_leases WHERE name = 'periodic-tasks' AND expires_at > now()`,
          )
        ).rows,
      (rows) => rows.length === 1 && live.includes(rows[0]!.holder.split(':')[1]!),
    );
    expect(leases).toHaveLength(1);
    expect(live).toContain(leases[0]!.holder.split(':')[1]);
  }, 240_000);
});
