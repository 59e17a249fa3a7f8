import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const oasis = (args: string[], dataDir: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, OASIS_DATA_DIR: dataDir, OASIS_CONFIG: '', OASIS_DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

describe('oasis CLI', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds and lists users in the embedded database of the data directory', async () => {
    const added = await oasis(
      [
        'users',
        'add',
        '--username',
        'rita',
        '--password',
        'rita-password',
        '--email',
        'rita@example.org',
        '--first-name',
        'Rita',
        '--last-name',
        'Rossi',
        '--admin',
      ],
      dataDir,
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const userId = /user_id ([0-9a-f-]{36})/.exec(added.stdout)?.[1];
    expect(userId).toBeTruthy();

    const listed = await oasis(['users', 'list'], dataDir);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${userId}\trita\tRita Rossi\trita@example.org\tadmin`);

    const duplicate = await oasis(['users', 'add', '--username', 'rita', '--password', 'x'], dataDir);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('Username already exists.');
  }, 60_000);

  it('refuses to open the embedded database while a server process holds it', async () => {
    const holder: ChildProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dataDir, 'server.pid'), String(holder.pid));
      const result = await oasis(['users', 'list'], dataDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The oasis server is running (pid ${holder.pid})`);
    } finally {
      holder.kill();
      rmSync(path.join(dataDir, 'server.pid'), { force: true });
    }
  }, 60_000);

  it('prints the usage and exits with 2 on wrong arguments', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const config = () => {
      throw new Error('no configuration needed for usage errors');
    };
    expect(await runCli([], { io, config })).toBe(2);
    expect(await runCli(['nope'], { io, config })).toBe(2);
    expect(await runCli(['users', 'add', '--username', 'x'], { io, config })).toBe(2);
    expect(await runCli(['users', 'add', '--unknown'], { io, config })).toBe(2);
    expect(await runCli(['users', 'frobnicate'], { io, config })).toBe(2);
    expect(lines.join('\n')).toContain('oasis users add --username U --password P');
  });
});
