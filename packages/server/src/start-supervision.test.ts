// `npm start` supervision (scripts/supervise.mjs): restarts after crashes with a back-off, stops with
// the user's signal, and gives up on a server that never got ready. Real processes, short delays.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const supervisor = path.resolve(import.meta.dirname, '../../../scripts/supervise.mjs');

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
    const run = superviseScript(
      `process.send('ready'); console.log('started');
       process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); });
       setTimeout(() => process.exit(3), 100);`,
      { baseDelayMs: 50, maxDelayMs: 200, resetAfterMs: 60_000 },
    );
    for (let i = 0; i < 100 && run.output().out.split('started').length <= 5; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const delays = [...run.output().err.matchAll(/exit code 3\); restarting in ([\d.]+) s/g)].map(
      (m) => m[1],
    );
    expect(delays.slice(0, 4)).toEqual(['0.05', '0.1', '0.2', '0.2']);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('starts the back-off over after a run that lasted', async () => {
    const run = superviseScript(`process.send('ready'); setTimeout(() => process.exit(3), 150);`, {
      baseDelayMs: 50,
      maxDelayMs: 400,
      resetAfterMs: 100,
    });
    for (let i = 0; i < 100 && run.output().err.split('restarting').length <= 3; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
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
});
