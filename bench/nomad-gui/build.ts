// Builds NOMAD's web GUI in a checkout of NOMAD's repository with NOMAD's own tooling (yarn 1 and its
// `build` script, as NOMAD's Dockerfile does), unless a build newer than gui/package.json is there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** Why the build cannot be made or used: main prints the message and exits non-zero. */
export class BuildError extends Error {}

interface GuiPackage {
  homepage?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  volta?: { node?: string };
  engines?: { node?: string };
}

export interface NomadGuiBuild {
  /** The folder with index.html. */
  dir: string;
  /** The path the build expects to be served under (PUBLIC_URL / vite's base), e.g. /fairdi/nomad/latest/gui. */
  base: string;
}

/** The API base NOMAD's Dockerfile builds with (REACT_APP_BACKEND_URL); NOMAD rewrites it when it serves. */
const NOMAD_BACKEND_PATH = '/fairdi/nomad/latest';

const readPackage = (guiDir: string): GuiPackage => {
  const file = join(guiDir, 'package.json');
  if (!existsSync(file))
    throw new BuildError(`${file} does not exist: give the path of a checkout of NOMAD's repository.`);
  return JSON.parse(readFileSync(file, 'utf8')) as GuiPackage;
};

const usesVite = (pkg: GuiPackage) =>
  /\bvite\b/.test(pkg.scripts?.build ?? '') || Boolean(pkg.devDependencies?.vite ?? pkg.dependencies?.vite);

const outputDir = (guiDir: string, pkg: GuiPackage) => join(guiDir, usesVite(pkg) ? 'dist' : 'build');

/** The serving path of a build: CRA's `homepage` path, else the folder of the first bundle script. */
const basePath = (pkg: GuiPackage, dir: string): string => {
  if (pkg.homepage) {
    try {
      return new URL(pkg.homepage, 'http://localhost').pathname.replace(/\/$/, '');
    } catch {
      // fall through to index.html
    }
  }
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const src = /<script[^>]+src="([^"]+\/(?:static\/js|assets)\/[^"]+)"/.exec(html)?.[1];
  return src ? src.replace(/\/(static\/js|assets)\/.*$/, '') : '';
};

const formatDuration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** What a failed step's output says about the cause, as one line (or nothing when it says nothing known). */
const diagnose = (output: string): string | undefined => {
  if (/ERR_OSSL_EVP_UNSUPPORTED|digital envelope routines/.test(output))
    return "webpack 4 needs Node's legacy OpenSSL provider (NODE_OPTIONS=--openssl-legacy-provider), which this Node refused.";
  if (/heap out of memory|Allocation failed/i.test(output))
    return 'Node ran out of memory: the build needs about 4 GB (NODE_OPTIONS=--max_old_space_size=4096).';
  if (/ENOSPC/.test(output)) return 'the disk is full: the build needs about 5 GB.';
  if (/The engine "node" is incompatible/.test(output))
    return `a dependency refuses Node ${process.version}: ${/The engine "node" is incompatible[^\n]*/.exec(output)![0]}`;
  const network =
    /^.*(?:ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|ESOCKETTIMEDOUT|getaddrinfo|network connection).*$/im.exec(
      output,
    )?.[0];
  if (network) {
    const host = /https?:\/\/([^/\s:"']+)/.exec(network)?.[1] ?? /ENOTFOUND\s+([^\s"']+)/.exec(network)?.[1];
    return (
      `a download failed${host ? ` (${host})` : ''}: this machine must reach the npm registry ` +
      '(registry.yarnpkg.com / registry.npmjs.org) and every other host named in gui/yarn.lock.'
    );
  }
  return undefined;
};

const hasNice = () => spawnSync('nice', ['-n', '10', 'true']).status === 0;

/** Runs one step (niced), prints its output lines with the elapsed time, and a heartbeat while it is silent. */
const run = (label: string, command: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const argv = hasNice() ? ['nice', '-n', '10', ...command] : command;
    console.log(`[build] ${label}: ${argv.join(' ')} (in ${cwd})`);
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    let lastLine = Date.now();
    const print = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-20_000);
      for (const line of text.split(/\r?\n|\r/)) {
        const trimmed = line.trimEnd();
        // yarn's warnings about peer dependencies are many and say nothing about success.
        if (!trimmed || /^warning /.test(trimmed)) continue;
        console.log(`[build ${formatDuration(Date.now() - started)}] ${trimmed.slice(0, 300)}`);
        lastLine = Date.now();
      }
    };
    child.stdout.on('data', print);
    child.stderr.on('data', print);
    const heartbeat = setInterval(() => {
      if (Date.now() - lastLine >= 25_000)
        console.log(`[build ${formatDuration(Date.now() - started)}] ${label}: still running ...`);
    }, 30_000);
    child.once('error', (error) => {
      clearInterval(heartbeat);
      reject(new BuildError(`${label}: could not start ${argv[0]}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearInterval(heartbeat);
      if (code === 0) {
        console.log(`[build] ${label}: done in ${formatDuration(Date.now() - started)}`);
        resolve();
        return;
      }
      const cause = diagnose(tail);
      const lastLines = tail.trimEnd().split(/\r?\n/).slice(-40).join('\n');
      reject(
        new BuildError(
          `${label} failed (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${formatDuration(Date.now() - started)}.` +
            (cause ? `\nLikely cause: ${cause}` : '') +
            `\nLast lines of its output:\n${lastLines}`,
        ),
      );
    });
  });

const checkResources = (guiDir: string, pkg: GuiPackage) => {
  const wanted = pkg.volta?.node ?? pkg.engines?.node;
  if (wanted) {
    const major = /(\d+)/.exec(wanted)?.[1];
    const note = major && major !== process.versions.node.split('.')[0] ? ' (a different major version)' : '';
    console.log(`[build] NOMAD's GUI names Node ${wanted}; this is Node ${process.versions.node}${note}.`);
  }
  const fs = statfsSync(guiDir);
  const freeGb = (fs.bavail * fs.bsize) / 1e9;
  if (freeGb < 5)
    console.log(`[build] warning: ${freeGb.toFixed(1)} GB free next to the checkout; the build needs ~5 GB.`);
};

/**
 * The checkout's GUI build: the existing one when it is newer than gui/package.json (and `rebuild` is
 * false), otherwise `yarn install` and `yarn run build` in gui/ with the environment of NOMAD's Dockerfile.
 */
export const ensureNomadGuiBuild = async (checkout: string, rebuild: boolean): Promise<NomadGuiBuild> => {
  const guiDir = join(checkout, 'gui');
  const pkg = readPackage(guiDir);
  const dir = outputDir(guiDir, pkg);
  const index = join(dir, 'index.html');
  const packageTime = statSync(join(guiDir, 'package.json')).mtimeMs;
  if (!rebuild && existsSync(index) && statSync(index).mtimeMs > packageTime) {
    console.log(
      `[build] using the existing build ${dir} (newer than gui/package.json; --rebuild builds again)`,
    );
    return { dir, base: basePath(pkg, dir) };
  }
  if (!pkg.scripts?.build) throw new BuildError(`${join(guiDir, 'package.json')} has no build script.`);
  console.log(
    `[build] building NOMAD's GUI in ${guiDir} with ${usesVite(pkg) ? 'vite' : 'craco (react-scripts)'}: ` +
      'this takes ~12 minutes (more on a busy machine) and ~5 GB of disk.',
  );
  checkResources(guiDir, pkg);
  const legacyWebpack = Boolean(
    pkg.dependencies?.['react-scripts'] ?? pkg.devDependencies?.['react-scripts'],
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // As NOMAD's Dockerfile: the GUI is built for NOMAD's default path, which its server rewrites at start.
    REACT_APP_BACKEND_URL: NOMAD_BACKEND_PATH,
    NODE_OPTIONS: ['--max_old_space_size=4096', legacyWebpack ? '--openssl-legacy-provider' : '']
      .filter(Boolean)
      .join(' '),
    // CI=true makes react-scripts fail on lint warnings; NOMAD's own build does not set it for the build.
    CI: 'false',
    BROWSERSLIST_IGNORE_OLD_DATA: 'true',
  };
  const yarn = existsSync(join(guiDir, 'yarn.lock')) ? ['npx', '--yes', 'yarn@1'] : undefined;
  const started = Date.now();
  if (yarn) {
    await run(
      'yarn install',
      [...yarn, 'install', '--frozen-lockfile', '--network-timeout', '1200000'],
      guiDir,
      env,
    );
    await run('yarn run build', [...yarn, 'run', 'build'], guiDir, env);
  } else {
    await run('npm ci', ['npm', 'ci'], guiDir, env);
    await run('npm run build', ['npm', 'run', 'build'], guiDir, env);
  }
  if (!existsSync(index)) throw new BuildError(`the build finished but ${index} does not exist.`);
  console.log(`[build] NOMAD's GUI built in ${formatDuration(Date.now() - started)}: ${dir}`);
  return { dir, base: basePath(pkg, dir) };
};
