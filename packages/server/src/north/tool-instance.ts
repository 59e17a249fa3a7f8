import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import type { NorthToolState } from '@oasis/schema';
import { fillPlaceholders, usesToken } from '../config/command-line.ts';
import type { NorthToolConfig } from '../config/north.ts';

/** How long a tool gets to end after SIGTERM before its process group is killed. */
const STOP_GRACE_MS = 5000;
const PORT_POLL_MS = 150;

/** `sh -c` script: kill the process group once fd 3 (the server's pipe) ends; the tool itself gets no fd 3. */
const GUARD = '(read -r _ <&3; kill -KILL 0) & exec "$@" 3<&-';

/** Variables a tool inherits from the server: enough to find programs and a locale, none of its secrets. */
const INHERITED_ENV = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

export interface InstanceStart {
  tool: NorthToolConfig;
  port: number;
  baseUrl: string;
  workDir: string;
  /** The tool's output goes here (appended). */
  logFile: string;
  startTimeoutMs: number;
}

/** Whether something accepts connections on the local port. */
export const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * One running tool of one user: a child process in a process group of its own (so that what it starts,
 * such as Jupyter's kernels, ends with it), `starting` until its port answers, then `running`. Its token
 * (`{token}` in the command) is known to the tool and the proxy only: the tool can refuse whatever reaches
 * its loopback port around the proxy, such as another user's tool.
 */
export class ToolInstance {
  state: NorthToolState = 'starting';
  /** The last proxied request or WebSocket traffic (ms since the epoch), for the idle stop. */
  lastActivity: number;
  readonly token = randomBytes(24).toString('hex');
  /** Whether the command takes `{token}`: only then does the proxy send it. */
  usesToken = false;
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(
    readonly port: number,
    /** The tool's working folder, and there the folder of each mounted upload (by upload id). */
    readonly workDir: string,
    readonly mountedUploads: ReadonlyMap<string, string>,
    now: number,
  ) {
    this.lastActivity = now;
  }

  /** Starts the process and resolves once its port answers (running) or it failed (error). */
  async start(start: InstanceStart): Promise<void> {
    this.usesToken = usesToken(start.tool.argv);
    const argv = fillPlaceholders(start.tool.argv, {
      port: String(start.port),
      base_url: start.baseUrl,
      upload_dir: start.workDir,
      token: this.token,
    });
    const env: NodeJS.ProcessEnv = {};
    for (const key of INHERITED_ENV) if (process.env[key] !== undefined) env[key] = process.env[key];
    // The working folder is the tool's home: its settings and caches stay per user and tool.
    Object.assign(env, { HOME: start.workDir }, start.tool.env);
    let log: number | undefined;
    try {
      mkdirSync(path.dirname(start.logFile), { recursive: true });
      log = openSync(start.logFile, 'a');
      // The tool runs under a guard in its process group: a shell that execs the command (no shell reads
      // the command line: it arrives as positional parameters) and leaves one background reader of a pipe
      // whose other end only this server holds. When the server process ends in any way, kill -9 included,
      // the kernel closes that end, the read returns and the whole group is killed: tools die with their
      // server instead of listening on for good.
      this.child = spawn('/bin/sh', ['-c', GUARD, 'oasis-north-tool', ...argv], {
        cwd: start.tool.cwd ?? start.workDir,
        env,
        detached: true,
        stdio: ['ignore', log, log, 'pipe'],
      });
    } catch {
      // No log file or a command that cannot be spawned at all: a tool that did not start.
      this.state = 'error';
      return;
    } finally {
      if (log !== undefined) closeSync(log);
    }
    const child = this.child;
    // The guard's pipe must not keep this process alive; it is closed once the tool has ended.
    const guardPipe = child.stdio[3] as Socket | null;
    guardPipe?.unref();
    guardPipe?.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    let ended = false;
    void this.exited.then(() => {
      ended = true;
      guardPipe?.destroy();
      // A tool that ends by itself (or never started) is an error, and what it started goes with it; one
      // that was stopped is stopped.
      if (this.state !== 'stopping') this.signalGroup('SIGKILL');
      this.state = this.state === 'stopping' ? 'stopped' : 'error';
    });
    const deadline = Date.now() + start.startTimeoutMs;
    while (!ended && this.state === 'starting' && Date.now() < deadline) {
      if (await portAnswers(start.port)) {
        if (this.state === 'starting') this.state = 'running';
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PORT_POLL_MS));
    }
    if (this.state === 'starting') {
      await this.stop();
      this.state = 'error';
    }
  }

  /** Whether the instance holds a place: starting, running or stopping (not stopped or failed). */
  get live(): boolean {
    return this.state === 'starting' || this.state === 'running' || this.state === 'stopping';
  }

  private signalGroup(name: NodeJS.Signals): void {
    try {
      if (this.child?.pid !== undefined) process.kill(-this.child.pid, name);
    } catch {
      // The group is gone already.
    }
  }

  /** SIGKILL to the process group at once: for a server process that is exiting and cannot wait. */
  killNow(): void {
    this.signalGroup('SIGKILL');
  }

  /**
   * SIGTERM to the process group; once the tool has ended or the grace period is over, SIGKILL to the group
   * (what ignored SIGTERM, such as a kernel the tool left behind); resolves once the tool is gone.
   */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.exited || child.exitCode !== null || child.signalCode !== null) {
      this.signalGroup('SIGKILL');
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    this.signalGroup('SIGTERM');
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(grace);
    this.signalGroup('SIGKILL');
    await this.exited;
    this.state = 'stopped';
  }
}
