// `npm run bench:nomad-gui -- <path of a NOMAD checkout> [--rebuild]` (or NOMAD_CHECKOUT=<path>): NOMAD's own
// web GUI against this oasis. Builds the GUI of a checkout of NOMAD's repository with NOMAD's tooling (unless
// gui/build or gui/dist is newer than gui/package.json), starts the oasis on a temporary data directory with
// seeded entries, a user and an upload of a CIF file, serves NOMAD's build on another loopback port with the
// oasis's env.js and artifacts.js, and walks its pages in Chromium: About, the entries search, login
// through the oasis's provider form, uploads, an upload page and an entry page. Prints, per page, every
// failed request and console error, then a summary. A report: exits 0 whatever the pages did, non-zero
// only when it cannot run (no checkout, the build fails, the server or Chromium does not start).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient, ApiError } from '@oasis/client';
import { chromium, type Browser } from '@playwright/test';
import { runCli } from '../../packages/server/src/cli/run.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { openDatabase } from '../../packages/server/src/db/database.ts';
import { acquireDataDirLock } from '../../packages/server/src/db/lock.ts';
import { createUser } from '../../packages/server/src/store/users.ts';
import { startServerProcess, type ServerProcess } from '../../packages/server/src/testing/server-process.ts';
import { naclCif } from '../../packages/server/src/testing/structures.ts';
import { BuildError, ensureNomadGuiBuild } from './build.ts';
import { startGuiServer, type GuiServer } from './gui-server.ts';
import { counted, walk, type PageReport } from './walk.ts';

const SEEDED = Number(process.env.BENCH_ENTRIES ?? 200);
const USER = { username: 'nomad-gui', password: 'nomad-gui-password' };
const BASE_PATH = '/nomad-oasis';

const usage = `Usage: npm run bench:nomad-gui -- <path of a checkout of NOMAD's repository> [--rebuild]
       (or NOMAD_CHECKOUT=<path> npm run bench:nomad-gui)`;

/** A reason to stop before the report: printed without a stack, exit code 2. */
class CannotRun extends Error {}

const parseArgs = () => {
  const args = process.argv.slice(2);
  const rebuild = args.includes('--rebuild');
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--rebuild');
  if (unknown.length) throw new CannotRun(`Unknown option ${unknown.join(' ')}.\n${usage}`);
  const checkout = args.find((arg) => !arg.startsWith('-')) ?? process.env.NOMAD_CHECKOUT;
  if (!checkout) throw new CannotRun(`No NOMAD checkout given.\n${usage}`);
  const path = resolve(checkout);
  if (!existsSync(join(path, 'gui', 'package.json')))
    throw new CannotRun(
      `${path} is no checkout of NOMAD's repository (it has no gui/package.json).\n${usage}`,
    );
  return { checkout: path, rebuild };
};

const step = (text: string) => console.log(`\n== ${text}`);

/** Seeded entries and the user, written to the embedded database before the server holds it. */
const prepareData = async (dataDir: string, env: Record<string, string>) => {
  const seeded = await runCli(['seed', '--entries', String(SEEDED)], {
    config: () => loadConfig({ ...env }),
    io: { out: (line) => console.log(`  seed: ${line}`), err: (line) => console.error(`  seed: ${line}`) },
  });
  if (seeded !== 0) throw new CannotRun('seeding the database failed (see above).');
  const release = acquireDataDirLock(dataDir, 'the NOMAD GUI check');
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await createUser(db, {
      ...USER,
      email: 'nomad-gui@example.org',
      first_name: 'Nomad',
      last_name: 'Gui',
      affiliation: 'Oasis',
    });
  } finally {
    await db.close();
    release();
  }
};

/** The answer of an API call; a refusal stops the run with `what` and the API's message. */
const orCannotRun = async <T>(what: string, call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) throw new CannotRun(`${what} failed: ${error.message}`);
    throw error;
  }
};

/** An upload of one CIF file through the API, processed; its id and the id of its entry. */
const createUpload = async (server: ServerProcess) => {
  const { access_token: token } = await orCannotRun(
    'login through the API',
    new ApiClient({ apiBase: server.api }).call('authToken', { query: USER }),
  );
  const api = new ApiClient({ apiBase: server.api, accessToken: () => Promise.resolve(token) });
  const { upload_id: uploadId } = await orCannotRun(
    'creating the upload',
    api.upload('uploadCreate', new Blob([naclCif]), {
      query: { file_name: 'NaCl.cif', upload_name: 'NaCl' },
    }),
  );
  const params = { upload_id: uploadId };
  for (let i = 0; ; i++) {
    const { data } = await api.call('uploadById', { params });
    if (!data.process_running) {
      if (data.process_status !== 'SUCCESS')
        throw new CannotRun(`processing the upload ended ${data.process_status}`);
      break;
    }
    if (i > 600) throw new CannotRun('the upload did not finish processing in 2 minutes');
    await new Promise((done) => setTimeout(done, 200));
  }
  const { data } = await api.call('uploadEntries', { params });
  const entry = data.find((e) => e.process_status === 'SUCCESS');
  if (!entry) throw new CannotRun(`the upload ${uploadId} has no processed entry`);
  return { uploadId, entryId: entry.entry_id };
};

/**
 * The oasis's env.js for a GUI served elsewhere: its URLs (appBase, northBase, keycloakBase, ...) made absolute
 * on the oasis's origin, everything else as the oasis serves it.
 */
const runtimeConfig = async (oasisOrigin: string) => {
  const gui = `${oasisOrigin}${BASE_PATH}/gui`;
  // raw: the GUI's scripts, not the API.
  const [envResponse, artifactsResponse] = await Promise.all([
    fetch(`${gui}/env.js`),
    fetch(`${gui}/artifacts.js`),
  ]);
  if (!envResponse.ok || !artifactsResponse.ok)
    throw new CannotRun(
      `the oasis did not serve env.js (${envResponse.status}) or artifacts.js (${artifactsResponse.status})`,
    );
  const envText = await envResponse.text();
  const json = /^\s*window\.nomadEnv\s*=\s*([\s\S]*?);?\s*$/.exec(envText)?.[1];
  if (!json) throw new CannotRun(`unexpected env.js: ${envText.slice(0, 200)}`);
  const env = JSON.parse(json) as Record<string, unknown> & { ui?: Record<string, unknown> };
  const absolute = (value: unknown) => (typeof value === 'string' ? new URL(value, oasisOrigin).href : value);
  const changed: string[] = [];
  const adjust = (object: Record<string, unknown> | undefined, keys: string[], prefix = '') => {
    for (const key of keys) {
      if (!object || !(key in object)) continue;
      const value = absolute(object[key]);
      if (value !== object[key]) changed.push(`${prefix}${key}`);
      object[key] = value;
    }
  };
  adjust(env, ['appBase', 'northBase', 'keycloakBase', 'encyclopediaBase']);
  adjust(env.ui, ['app_base', 'north_base'], 'ui.');
  console.log(
    `  env.js: appBase ${String(env.appBase)}, keycloakBase ${String(env.keycloakBase)}` +
      (changed.length ? ` (made absolute: ${changed.join(', ')})` : ' (already absolute on the oasis)'),
  );
  return {
    envJs: `window.nomadEnv = ${JSON.stringify(env)};\n`,
    artifactsJs: await artifactsResponse.text(),
  };
};

const printReport = (reports: PageReport[]) => {
  step('Report');
  const list = (title: string, lines: string[]) => {
    const distinct = counted(lines);
    console.log(
      `  ${title} (${lines.length}${distinct.length < lines.length ? `, ${distinct.length} distinct` : ''}):`,
    );
    for (const line of distinct) console.log(`    ${line}`);
  };
  for (const report of reports) {
    const clean = report.failedRequests.length === 0 && report.consoleErrors.length === 0;
    console.log(
      `\n--- ${report.name}: ${report.url}${clean ? ' (no failed requests, no console errors)' : ''}`,
    );
    for (const note of report.notes) console.log(`  note: ${note}`);
    list('failed requests', report.failedRequests);
    list('console errors', report.consoleErrors);
    if (report.errorEvents.length) list('error events seen by the window', report.errorEvents);
  }
  const failed = reports.flatMap((r) => r.failedRequests);
  const count = (kind: string) => failed.filter((line) => line.includes(`[${kind},`)).length;
  const errors = reports.reduce((sum, r) => sum + r.consoleErrors.length, 0);
  const unfinished = reports.filter((r) => r.notes.some((n) => n.startsWith('step did not finish'))).length;
  const clean = reports.filter((r) => r.failedRequests.length === 0 && r.consoleErrors.length === 0).length;
  console.log(
    `\nSummary: ${reports.length} pages, ${clean} clean, ${unfinished} steps did not finish; ` +
      `${failed.length} failed requests (${count('oasis')} to the oasis, ${count('gui')} to the GUI's server, ` +
      `${count('external')} external), ${errors} console errors.`,
  );
};

const main = async () => {
  const { checkout, rebuild } = parseArgs();
  const commit = spawnSync('git', ['-C', checkout, 'log', '-1', '--format=%h (%cs) %s'], {
    encoding: 'utf8',
  });
  step(`NOMAD's GUI from ${checkout}${commit.status === 0 ? `, commit ${commit.stdout.trim()}` : ''}`);
  const build = await ensureNomadGuiBuild(checkout, rebuild);
  console.log(`  build ${build.dir}, served under ${build.base || '/'}`);

  let guiServer: GuiServer | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'oasis-nomad-gui-'));
  // Ended early (Ctrl-C, a closed stdout): the server process and the data directory go too.
  const abandon = () => {
    server?.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', abandon);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => process.exit(130));
  try {
    guiServer = await startGuiServer(build);
    step('The oasis');
    const env = {
      OASIS_DATA_DIR: dataDir,
      // The provider may send browsers back to NOMAD's GUI (and answers its token requests: CORS).
      OASIS_REDIRECT_URIS: `${BASE_PATH}/gui/*,${guiServer.origin}/*`,
    };
    await prepareData(dataDir, env);
    server = await startServerProcess(env);
    // The oasis names itself http://localhost:<port> (OASIS_PUBLIC_URL unset): its tokens' issuer.
    const oasisOrigin = `http://localhost:${new URL(server.api).port}`;
    console.log(
      `  oasis at ${oasisOrigin}${BASE_PATH}, data in ${dataDir}, ${SEEDED} seeded entries, user ${USER.username}`,
    );
    const { uploadId, entryId } = await createUpload(server);
    console.log(`  upload ${uploadId} (NaCl.cif) processed, entry ${entryId}`);
    guiServer.setRuntimeConfig(await runtimeConfig(oasisOrigin));
    console.log(`  NOMAD's GUI at ${guiServer.guiUrl}/`);

    step('Walking the pages in Chromium');
    const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    browser = await chromium.launch({ executablePath }).catch((error: Error) => {
      throw new CannotRun(`Chromium (${executablePath}) did not start: ${error.message}`);
    });
    const reports = await walk(browser, {
      guiUrl: guiServer.guiUrl,
      guiOrigin: guiServer.origin,
      oasisOrigin,
      ...USER,
      uploadId,
      entryId,
    });
    printReport(reports);
  } finally {
    await browser?.close();
    await server?.stop();
    await guiServer?.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.off('exit', abandon);
  }
};

try {
  await main();
} catch (error) {
  if (error instanceof CannotRun || error instanceof BuildError) {
    console.error(`\nCannot run the NOMAD GUI check: ${error.message}`);
    if (error instanceof BuildError)
      console.error("NOMAD's GUI could not be built on this machine (see above).");
  } else {
    console.error('\nCannot run the NOMAD GUI check:', error);
  }
  process.exitCode = 2;
}
