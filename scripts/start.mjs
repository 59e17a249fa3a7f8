// `npm start`: builds the GUI when its build is missing or older than its sources, then runs the server
// in a child process, forwarding SIGTERM/SIGINT so it can shut down gracefully, and restarting it
// after a crash (supervise.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
const guiIndex = path.join(root, 'packages/gui/dist/index.html');
const guiSources = [
  'packages/gui/src',
  'packages/gui/index.html',
  'packages/gui/vite.config.ts',
  'packages/gui/public',
  'packages/schema/src',
];

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    info.mtimeMs,
  );
};

const builtAt = existsSync(guiIndex) ? statSync(guiIndex).mtimeMs : 0;
const sourcesAt = Math.max(...guiSources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'GUI sources changed; rebuilding the GUI ...' : 'Building the GUI (first start) ...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'packages/gui'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Production default: a crashed server is started again (OASIS_RESTART=false turns that off).
supervise({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
  restart: process.env.OASIS_RESTART !== 'false',
});
