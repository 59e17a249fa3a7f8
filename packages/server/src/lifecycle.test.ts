import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';
import { readUntil } from './testing/until.ts';

const mainFile = path.join(import.meta.dirname, 'main.ts');

describe('server process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, answers, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        OASIS_DATA_DIR: dataDir,
        OASIS_LOG: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const info = await readUntil(
      () => fetch(`http://127.0.0.1:${port}/nomad-oasis/api/v1/info`).catch(() => undefined),
      (answer) => answer !== undefined,
      100,
    );
    expect(info?.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The lock is released, so the CLI (or the next start) may open the database.
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 60_000);
});
