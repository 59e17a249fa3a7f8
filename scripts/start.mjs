// `npm start`: builds the GUI when its build is missing or older than its sources, then runs the server
// in a child process, restarting it after a crash (supervise.mjs). SIGTERM, SIGINT and SIGHUP end the
// build or shut the server down gracefully, and so does the end of `npm start` itself: npm passes a
// signal on to its own child only (the package script `exec`s this launcher so that it is that child),
// and some npm versions pass on none, so the launcher stops when its parent is gone.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { STOP_SIGNALS, supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
const guiIndex = path.join(root, 'packages/gui/dist/index.html');
const guiSources = [
  'packages/gui/src',
  'packages/gui/index.html',
  'packages/gui/vite.config.ts',
  'packages/gui/public',
  'packages/schema/src',
];
/** How often the launcher looks whether `npm start` is still there. */
const PARENT_CHECK_MS = 250;

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    info.mtimeMs,
  );
};

/** Calls `onGone` once the process that started this one has ended (this one was re-parented). */
const watchParent = (onGone) => {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, PARENT_CHECK_MS);
  // The build or the server keeps the launcher alive, not the watch.
  timer.unref();
};

/** Builds the GUI in a process group of its own, which `stop` ends as a whole (npm, vite, esbuild). */
const buildGui = () => {
  const build = spawn('npm', ['run', 'build', '-w', 'packages/gui'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  const done = new Promise((resolve) =>
    build.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  const stop = () => {
    try {
      process.kill(-build.pid, 'SIGTERM');
    } catch {
      // The group is already gone.
    }
  };
  return { done, stop };
};

const main = async () => {
  // What a stop request ends: the build while it runs, then the supervised server.
  let stop = () => process.exit(0);
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
  // Started by npm: a plain `node scripts/start.mjs` may outlive its shell on purpose (nohup).
  if (process.env.npm_lifecycle_event) watchParent(() => stop('SIGTERM'));

  const builtAt = existsSync(guiIndex) ? statSync(guiIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...guiSources.map((s) => newestMtime(path.join(root, s))));
  if (process.env.OASIS_GUI_BUILD !== 'false' && builtAt < sourcesAt) {
    console.log(
      builtAt ? 'GUI sources changed; rebuilding the GUI ...' : 'Building the GUI (first start) ...',
    );
    const build = buildGui();
    stop = () => {
      build.stop();
      process.exit(1);
    };
    const status = await build.done;
    if (status !== 0) process.exit(status);
  }

  // Production default: a crashed server is started again (OASIS_RESTART=false turns that off).
  const server = supervise({
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    restart: process.env.OASIS_RESTART !== 'false',
    signals: [],
  });
  stop = server.stop;
};

await main();
