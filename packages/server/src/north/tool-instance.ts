import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { NorthToolState } from '@oasis/schema';
import { fillPlaceholders } from './command-line.ts';
import type { NorthToolConfig } from './north-config.ts';

/** How long a tool gets to end after SIGTERM before its process group is killed. */
const STOP_GRACE_MS = 5000;
const PORT_POLL_MS = 150;

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

const portAnswers = (port: number): Promise<boolean> =>
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
 * such as Jupyter's kernels, ends with it), `starting` until its port answers, then `running`.
 */
export class ToolInstance {
  state: NorthToolState = 'starting';
  /** The last proxied request or WebSocket traffic (ms since the epoch), for the idle stop. */
  lastActivity: number;
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(
    readonly port: number,
    readonly mountedUploads: ReadonlyMap<string, string>,
    now: number,
  ) {
    this.lastActivity = now;
  }

  /** Starts the process and resolves once its port answers (running) or it failed (error). */
  async start(start: InstanceStart): Promise<void> {
    const argv = fillPlaceholders(start.tool.argv, {
      port: String(start.port),
      base_url: start.baseUrl,
      upload_dir: start.workDir,
    });
    const env: NodeJS.ProcessEnv = {};
    for (const key of INHERITED_ENV) if (process.env[key] !== undefined) env[key] = process.env[key];
    // The working folder is the tool's home: its settings and caches stay per user and tool.
    Object.assign(env, { HOME: start.workDir }, start.tool.env);
    mkdirSync(path.dirname(start.logFile), { recursive: true });
    const log = openSync(start.logFile, 'a');
    try {
      const [command = '', ...args] = argv;
      this.child = spawn(command, args, {
        cwd: start.tool.cwd ?? start.workDir,
        env,
        detached: true,
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
    const child = this.child;
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    let ended = false;
    void this.exited.then(() => {
      ended = true;
      // A tool that ends by itself (or never started) is an error; one that was stopped is stopped.
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

  /** SIGKILL to the process group at once: for a server process that is exiting and cannot wait. */
  killNow(): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }

  /** SIGTERM to the process group, SIGKILL after a grace period; resolves once the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.exited || child.exitCode !== null || child.signalCode !== null) {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // The group is gone already.
      }
    };
    signal('SIGTERM');
    const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(kill);
    this.state = 'stopped';
  }
}
