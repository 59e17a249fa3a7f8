// The admission scenario of `npm run bench:load`: /info latency (p50, p99, max) on one node while
// (a) the heaviest admitted searches run (page_size 10,000, required include '*', several callers with
// several requests each), (b) BENCH_LOGINS_PER_SECOND password logins run, (a) and (b) together, and
// (c) an upload of BENCH_EMPTY_FILES empty files is extracted and processed, then deleted. /info is probed
// from a worker thread, one request at a time, so the bench's own work on its event loop does not count as
// the server's.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ApiClient, ApiError } from '@oasis/client';
import { runCli } from '../../packages/server/src/cli/run.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { openDatabase } from '../../packages/server/src/db/database.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { trashDir } from '../../packages/server/src/files/trash.ts';
import { createUser } from '../../packages/server/src/store/users.ts';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/testing/server-process.ts';
import { makeTar } from '../../packages/server/src/testing/tar.ts';
import { uploadAndProcess } from './uploads.ts';

const ENTRIES = Number(process.env.BENCH_HEAVY_ENTRIES ?? 10_000);
const PAGE_SIZE = Number(process.env.BENCH_HEAVY_PAGE_SIZE ?? 10_000);
const CALLERS = Number(process.env.BENCH_HEAVY_CALLERS ?? 3);
const PER_CALLER = Number(process.env.BENCH_HEAVY_PER_CALLER ?? 2);
const LOGINS_PER_SECOND = Number(process.env.BENCH_LOGINS_PER_SECOND ?? 10);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 20);
const EMPTY_FILES = Number(process.env.BENCH_EMPTY_FILES ?? 99_990);

/**
 * Sequential GET /info from a worker thread until told to stop; posts the latencies in milliseconds. raw:
 * plain JavaScript evaluated in the worker, timing the bare round trip.
 */
const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const latencies = [];
  while (!stop) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

const startProbe = (url: string) => {
  const worker = new Worker(probeSource, { eval: true, workerData: { url } });
  return {
    stop: () =>
      new Promise<number[]>((resolve, reject) => {
        worker.once('message', (latencies: number[]) => {
          void worker.terminate();
          resolve(latencies);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
};

const percentile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};

const figures = (values: number[]) =>
  `p50 ${percentile(values, 0.5).toFixed(0)} ms, p99 ${percentile(values, 0.99).toFixed(0)} ms, ` +
  `max ${Math.max(...values).toFixed(0)} ms (${values.length} requests)`;

/** Answers by status, e.g. "200: 12, 429: 3". */
const statusLine = (statuses: number[]) =>
  [...statuses.reduce((counts, s) => counts.set(s, (counts.get(s) ?? 0) + 1), new Map<number, number>())]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

interface Load {
  stop(): Promise<string>;
}

/** The client (@oasis/client) on `node`, as `token`'s user or anonymous. */
const apiOf = (node: ServerProcess, token?: string) =>
  new ApiClient({ apiBase: node.api, accessToken: () => Promise.resolve(token) });

/** The status of a call: 200 for an answer (the client answers only 2xx), else the refusal's; unreachable throws. */
const statusOf = (call: Promise<unknown>): Promise<number> =>
  call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof ApiError && error.status !== undefined) return error.status;
      throw error;
    },
  );

/** Every caller keeps PER_CALLER of the heaviest searches in flight; a refused one is retried after 1 s. */
const heavySearches = (node: ServerProcess, tokens: string[]): Load => {
  let running = true;
  const statuses: number[] = [];
  const latencies: number[] = [];
  let bytes = 0;
  const body = JSON.stringify({
    owner: 'visible',
    required: { include: ['*'] },
    pagination: { page_size: PAGE_SIZE },
  });
  const loop = async (token: string) => {
    while (running) {
      const started = performance.now();
      // raw: counts the bytes of each (multi-MB) answer without parsing it on the bench's loop.
      const response = await fetch(`${node.api}/entries/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      bytes += (await response.arrayBuffer()).byteLength;
      statuses.push(response.status);
      if (response.ok) latencies.push(performance.now() - started);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const loops = tokens.flatMap((token) => Array.from({ length: PER_CALLER }, () => loop(token)));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return (
        `searches ${statusLine(statuses)}; answered in ${figures(latencies)}; ` +
        `${(bytes / statuses.filter((s) => s === 200).length / 1e6).toFixed(1)} MB each`
      );
    },
  };
};

/** LOGINS_PER_SECOND logins by password, started on a clock whether or not earlier ones have answered. */
const logins = (node: ServerProcess): Load => {
  const statuses: number[] = [];
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const api = apiOf(node);
  const timer = setInterval(() => {
    const started = performance.now();
    pending.push(
      statusOf(api.call('authToken', { query: { username: 'bench', password: 'bench-password' } })).then(
        (status) => {
          statuses.push(status);
          if (status === 200) latencies.push(performance.now() - started);
        },
      ),
    );
  }, 1000 / LOGINS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return `logins ${statusLine(statuses)}; answered in ${figures(latencies)}`;
    },
  };
};

const during = async (node: ServerProcess, label: string, start: () => Load[]) => {
  const probe = startProbe(`${node.api}/info`);
  const loads = start();
  await new Promise((resolve) => setTimeout(resolve, PHASE_SECONDS * 1000));
  const info = await probe.stop();
  const reports = await Promise.all(loads.map((load) => load.stop()));
  console.log(`  ${label}: /info ${figures(info)}${reports.map((report) => `\n    ${report}`).join('')}`);
};

const tokenOf = async (node: ServerProcess, username: string) =>
  (await apiOf(node).call('authToken', { query: { username, password: 'bench-password' } })).access_token;

/**
 * Uploads a tar of EMPTY_FILES empty files and waits for its processing, then deletes it; /info is probed
 * during each.
 */
const deletion = async (node: ServerProcess, token: string, dataDir: string) => {
  // A tar: zips without zip64 (testing/zip.ts) hold at most 65,535 members.
  const archive = await makeTar(
    Array.from({ length: EMPTY_FILES }, (_, i) => [`empty/f${i}`, Buffer.alloc(0)] as const),
  );
  const uploading = startProbe(`${node.api}/info`);
  const uploadStarted = performance.now();
  const { uploadId } = await uploadAndProcess(node, token, 'empty.tar', new Uint8Array(archive));
  console.log(
    `  extracting and processing an upload of ${EMPTY_FILES} empty files: /info ${figures(await uploading.stop())}\n` +
      `    processed after ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`,
  );
  const api = apiOf(node, token);
  const params = { upload_id: uploadId };
  const probe = startProbe(`${node.api}/info`);
  const started = performance.now();
  const deleted = await statusOf(api.call('uploadDelete', { params }));
  const answered = performance.now() - started;
  // Gone once the upload is not found any more and the trash has been emptied.
  for (;;) {
    const status = await statusOf(api.call('uploadById', { params }));
    const trash = trashDir(dataDir);
    let left = 0;
    try {
      left = readdirSync(trash).length;
    } catch {
      left = 0;
    }
    if (status === 404 && left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const info = await probe.stop();
  console.log(
    `  deleting an upload of ${EMPTY_FILES} empty files: /info ${figures(info)}\n` +
      `    DELETE answered ${deleted} in ${answered.toFixed(0)} ms, files gone after ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
};

/** One node on its own database in `serverUrl`'s PostgreSQL, seeded with ENTRIES entries. */
export const admissionScenario = async (serverUrl: string): Promise<void> => {
  console.log(
    `admission: /info while the heaviest searches (${CALLERS} callers x ${PER_CALLER}, page_size ${PAGE_SIZE}, ` +
      `include '*', ${ENTRIES} entries), ${LOGINS_PER_SECOND} logins/s, both, for ${PHASE_SECONDS} s each; ` +
      `then while ${EMPTY_FILES} empty files are deleted`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'oasis-bench-admission-'));
  try {
    const name = `bench_admission_${Date.now()}`;
    const admin = await openDatabase({ databaseUrl: serverUrl });
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    const config = join(dataDir, 'nomad.yaml');
    writeFileSync(config, 'process:\n  job_lease: 10\n');
    const env = { OASIS_DATA_DIR: dataDir, OASIS_DATABASE_URL: databaseUrl, OASIS_CONFIG: config };
    const db = await openDatabase({ databaseUrl });
    await migrate(db);
    const seeded = await runCli(['seed', '--entries', String(ENTRIES), '--without-files'], {
      config: () => loadConfig({ ...env }),
      io: { out: () => undefined, err: (line) => console.error(line) },
    });
    if (seeded !== 0) throw new Error('seeding failed');
    const usernames = ['bench', ...Array.from({ length: CALLERS }, (_, i) => `caller${i}`)];
    for (const username of usernames) {
      await createUser(db, { username, password: 'bench-password', email: `${username}@example.org` });
    }
    await db.close();
    const node = await startServerProcess(env);
    try {
      const tokens = await Promise.all(usernames.slice(1).map((username) => tokenOf(node, username)));
      // The first search builds the index; not part of any phase.
      await apiOf(node).call('entriesQuery', { body: {} });
      await during(node, 'idle', () => []);
      await during(node, 'heaviest searches', () => [heavySearches(node, tokens)]);
      await during(node, `${LOGINS_PER_SECOND} logins/s`, () => [logins(node)]);
      await during(node, 'heaviest searches and logins', () => [heavySearches(node, tokens), logins(node)]);
      await deletion(node, await tokenOf(node, 'bench'), dataDir);
    } finally {
      await node.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
