import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';

const mainFile = path.join(import.meta.dirname, '..', 'main.ts');

/** A server started as its own process (`npm start`'s main), as a node of an installation. */
export interface ServerProcess {
  pid: number;
  /** e.g. http://127.0.0.1:40123/nomad-oasis/api/v1 */
  api: string;
  child: ChildProcess;
  /** What the process wrote to stderr (start failures). */
  stderr(): string;
  /** SIGTERM and wait for the exit; SIGKILL for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `main.ts` with `env` (OASIS_DATA_DIR, OASIS_DATABASE_URL, ...) on `port` (a free one when not
 * given) and waits until it answers; e2e starts its servers this way too.
 */
export const startServerProcess = async (
  env: Record<string, string>,
  { port = 0 }: { port?: number } = {},
): Promise<ServerProcess> => {
  port ||= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OASIS_LOG: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const api = `http://127.0.0.1:${port}/nomad-oasis/api/v1`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server process ended at start: ${stderr}`);
    const info = await fetch(`${api}/info`).catch(() => undefined);
    if (info?.ok) break;
    // A server that neither answers nor ends in a minute hangs: stop it rather than wait for ever.
    if (i === 600) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not answer in a minute: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid ?? 0,
    api,
    child,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
};
