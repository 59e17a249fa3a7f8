// `npm run bench:load`: the search page under load while an upload processes, on one node and on two
// nodes sharing a PostgreSQL database and a data directory. For each: an upload of BENCH_FILES structure
// files processed on an idle installation, then BENCH_CONNECTIONS concurrent clients sending the search
// page's request for BENCH_LOAD_SECONDS (autocannon, loopback) while the same upload processes again.
// Prints throughput, latency percentiles, errors, and processing time under load against idle. Then the
// admission scenario (admission.ts): /info latency while the heaviest admitted work runs.
// BENCH_LOAD_SCENARIOS picks scenarios (comma-separated: search, admission; default both).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '@oasis/client';
import autocannon from 'autocannon';
import { admissionScenario } from './admission.ts';
import { runCli } from '../../packages/server/src/cli/run.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { openDatabase } from '../../packages/server/src/db/database.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createUser } from '../../packages/server/src/store/users.ts';
import { startPostgresCluster } from '../../packages/server/src/testing/postgres-cluster.ts';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/testing/server-process.ts';
import { naclCif } from '../../packages/server/src/testing/structures.ts';
import { makeZip } from '../../packages/server/src/testing/zip.ts';
import { uploadAndProcess } from './uploads.ts';

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const SEEDED = Number(process.env.BENCH_ENTRIES ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SCENARIOS = (process.env.BENCH_LOAD_SCENARIOS ?? 'search,admission').split(',');

/** The entries search page after two filter clicks: filters, five terms aggregations, 20 rows. */
const searchPage = JSON.stringify({
  owner: 'visible',
  query: { 'results.material.elements:any': ['Fe', 'O'] },
  aggregations: Object.fromEntries(
    [
      'results.material.elements',
      'results.material.structural_type',
      'results.method.simulation.program_name',
      'results.material.symmetry.crystal_system',
      'results.method.method_name',
    ].map((quantity) => [quantity, { terms: { quantity, size: 10 } }]),
  ),
  pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' },
});

const zip = makeZip(
  Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`structures/s${i}/NaCl.cif`, naclCif])),
);

const processOnce = async (node: ServerProcess, token: string): Promise<number> => {
  const started = performance.now();
  const { status } = await uploadAndProcess(node, token, 'structures.zip', new Uint8Array(zip));
  if (status !== 'SUCCESS') throw new Error(`processing ended ${status}`);
  return (performance.now() - started) / 1000;
};

/** Search clients spread over the nodes; resolves with autocannon's summed figures. */
const load = async (nodes: ServerProcess[], token: string) => {
  const results = await Promise.all(
    nodes.map((node) =>
      autocannon({
        url: `${node.api}/entries/query`,
        method: 'POST',
        connections: Math.round(CONNECTIONS / nodes.length),
        duration: SECONDS,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: searchPage,
      }),
    ),
  );
  const sum = (pick: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  return {
    requests: sum((r) => r.requests.total),
    perSecond: sum((r) => r.requests.average),
    // Percentiles of the busiest node (autocannon reports them per run).
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: sum((r) => r.errors + r.timeouts + r.non2xx),
    // What the errors were: connection errors, timeouts, and answers by status.
    breakdown: [
      `connection errors ${sum((r) => r.errors)}`,
      `timeouts ${sum((r) => r.timeouts)}`,
      ...results
        .flatMap((r) => Object.entries(r.statusCodeStats ?? {}))
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `status ${status}: ${count}`),
    ].join(', '),
  };
};

const scenario = async (label: string, nodeCount: number, serverUrl: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oasis-bench-load-'));
  const name = `bench_${nodeCount}_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: serverUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const config = join(dataDir, 'nomad.yaml');
  writeFileSync(config, 'process:\n  job_lease: 10\n');
  const env = {
    OASIS_DATA_DIR: dataDir,
    OASIS_DATABASE_URL: databaseUrl,
    OASIS_CONFIG: config,
    // One address for the installation, as behind a load balancer: the issuer of every node's tokens.
    OASIS_PUBLIC_URL: 'http://oasis.example.org',
  };
  const db = await openDatabase({ databaseUrl });
  await migrate(db);
  const seeded = await runCli(['seed', '--entries', String(SEEDED), '--without-files'], {
    config: () => loadConfig({ ...env }),
    io: { out: () => undefined, err: (line) => console.error(line) },
  });
  if (seeded !== 0) throw new Error('seeding failed');
  await createUser(db, { username: 'bench', password: 'bench-password', email: 'bench@example.org' });
  await db.close();
  const nodes = await Promise.all(Array.from({ length: nodeCount }, () => startServerProcess(env)));
  try {
    const { access_token: token } = await new ApiClient({ apiBase: nodes[0]!.api }).call('authToken', {
      query: { username: 'bench', password: 'bench-password' },
    });
    const idle = await processOnce(nodes[0]!, token);
    const [loaded, busy] = await Promise.all([load(nodes, token), processOnce(nodes[0]!, token)]);
    console.log(
      `${label}: ${loaded.requests} searches in ${SECONDS} s (${loaded.perSecond.toFixed(0)}/s), ` +
        `p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.errors} errors; processing ${FILES} files ` +
        `${busy.toFixed(1)} s under load vs ${idle.toFixed(1)} s idle (${(busy / idle).toFixed(2)}x)` +
        (loaded.errors > 0 ? ` [${loaded.breakdown}]` : ''),
    );
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const external = process.env.BENCH_DATABASE_URL;
  const cluster = external ? undefined : await startPostgresCluster();
  const serverUrl = external ?? cluster!.url;
  console.log(`PostgreSQL ${external ? 'at BENCH_DATABASE_URL' : 'in a cluster of its own'}.`);
  try {
    if (SCENARIOS.includes('search')) {
      console.log(
        `${CONNECTIONS} search clients for ${SECONDS} s while ${FILES} files process; ${SEEDED} seeded entries.`,
      );
      await scenario('one node ', 1, serverUrl);
      await scenario('two nodes', 2, serverUrl);
    }
    if (SCENARIOS.includes('admission')) await admissionScenario(serverUrl);
  } finally {
    cluster?.stop();
  }
};

await main();
