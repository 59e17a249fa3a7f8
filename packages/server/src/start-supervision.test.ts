// `npm start` supervision (scripts/supervise.mjs): restarts after crashes with a back-off, stops with
// the user's signal, and gives up on a server that never got ready. Real processes, short delays. And
// `npm start` itself (scripts/start.mjs) ends as a whole on a SIGTERM to the npm process.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';
import { until } from './testing/until.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const supervisor = path.join(repoRoot, 'scripts/supervise.mjs');

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

/** The processes in /proc (Linux), zombies left out: they have ended and wait only to be reaped. */
const processes = (): ProcessInfo[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
        const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(name), ppid: Number(ppid), pgid: Number(pgid), state: state! }];
      } catch {
        return []; // ended while listed
      }
    })
    .filter((info) => info.state !== 'Z');

/** `root` and every process below it. */
const tree = (root: number): Set<number> => {
  const all = processes();
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const info of all)
      if (found.has(info.ppid) && !found.has(info.pid)) {
        found.add(info.pid);
        grew = true;
      }
  }
  return found;
};

describe('npm start supervision', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-supervise-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the supervisor over a server script; collects its output until it exits. */
  const superviseScript = (server: string, options: Record<string, number>) => {
    const script = path.join(dir, `server-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(script, server);
    const program = `import { supervise } from ${JSON.stringify(supervisor)};
      supervise({ command: process.execPath, args: [${JSON.stringify(script)}], ...${JSON.stringify(options)} });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', program], { stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, output: () => ({ out, err }) };
  };

  it('restarts a crashed server with a doubling back-off and exits with it on SIGTERM', async () => {
    // Five runs crash; the sixth stays up, so the SIGTERM cannot meet a crash or a restart under way.
    const runs = path.join(dir, `runs-${Math.random().toString(36).slice(2)}`);
    const run = superviseScript(
      `import { appendFileSync, readFileSync } from 'node:fs';
       appendFileSync(${JSON.stringify(runs)}, 'x');
       process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); });
       process.send('ready'); console.log('started');
       if (readFileSync(${JSON.stringify(runs)}, 'utf8').length <= 5) setTimeout(() => process.exit(3), 100);
       else setInterval(() => {}, 1000);`,
      { baseDelayMs: 50, maxDelayMs: 200, resetAfterMs: 60_000 },
    );
    await until(() => run.output().out.split('started').length > 6, 50);
    const delays = [...run.output().err.matchAll(/exit code 3\); restarting in ([\d.]+) s/g)].map(
      (m) => m[1],
    );
    expect(delays).toEqual(['0.05', '0.1', '0.2', '0.2', '0.2']);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output().out).toContain('stopping');
  });

  it('starts the back-off over after a run that lasted', async () => {
    const run = superviseScript(`process.send('ready'); setTimeout(() => process.exit(3), 150);`, {
      baseDelayMs: 50,
      maxDelayMs: 400,
      resetAfterMs: 100,
    });
    await until(() => run.output().err.split('restarting').length > 3, 50);
    run.child.kill('SIGTERM');
    await run.exited;
    const delays = [...run.output().err.matchAll(/restarting in ([\d.]+) s/g)].map((m) => m[1]);
    expect(delays.slice(0, 3)).toEqual(['0.05', '0.05', '0.05']);
  });

  it('does not restart a server that stopped before it was ready', async () => {
    const run = superviseScript(`console.error('config broken'); process.exit(2);`, { baseDelayMs: 50 });
    expect(await run.exited).toBe(2);
    expect(run.output().err).toContain('The server stopped before it was ready; not restarting.');
  });

  it('stops the server gracefully (SIGTERM) on SIGHUP, which would kill it outright', async () => {
    const run = superviseScript(
      `process.on('SIGTERM', () => { console.log('graceful'); process.exit(0); });
       process.send('ready'); console.log('started'); setInterval(() => {}, 1000);`,
      {},
    );
    await until(() => run.output().out.includes('started'), 50);
    run.child.kill('SIGHUP');
    expect(await run.exited).toBe(0);
    expect(run.output().out).toContain('graceful');
  });

  it('exits cleanly when the stop signal ends a server that has no handler for it yet', async () => {
    // As a server just restarted is, while Node is still loading it.
    const run = superviseScript(
      `process.send('ready'); console.log('started'); setInterval(() => {}, 1000);`,
      {},
    );
    await until(() => run.output().out.includes('started'), 50);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'ends every process of `npm start` within 10 s of a SIGTERM to the npm process',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-npm-start-'));
      const port = await freePort();
      // Its own process group: whatever is left of the tree can be found (and cleaned up) by it.
      const npm = spawn('npm', ['start'], {
        cwd: repoRoot,
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          OASIS_DATA_DIR: dataDir,
          OASIS_LOG: 'false',
          // The GUI build is not under test (and other work changes its sources).
          OASIS_GUI_BUILD: 'false',
        },
      });
      let stderr = '';
      npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const group = npm.pid!;
      const inGroup = () => processes().filter((info) => info.pgid === group);
      try {
        const info = `http://127.0.0.1:${port}/nomad-oasis/api/v1/info`;
        await until(
          async () => npm.exitCode !== null || (await fetch(info).catch(() => undefined))?.ok === true,
          50,
        );
        expect((await fetch(info)).ok, stderr).toBe(true);
        const started = tree(group);
        // npm, the launcher and the server at least (a shell between npm and launcher on some npm).
        expect(started.size).toBeGreaterThanOrEqual(3);

        const signalledAt = Date.now();
        process.kill(npm.pid!, 'SIGTERM');
        const alive = () => processes().filter((p) => started.has(p.pid) || p.pgid === group);
        await until(() => alive().length === 0, 50);
        const took = Date.now() - signalledAt;
        expect(alive(), stderr).toEqual([]);
        expect(took).toBeLessThan(10_000);
      } finally {
        for (const { pid } of inGroup()) process.kill(pid, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // A first start initialises the database: on a busy machine that alone took a minute.
    300_000,
  );
});
