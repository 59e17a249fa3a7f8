import path from 'node:path';
import type { NorthToolState } from '@oasis/schema';
import { HttpError } from '../errors.ts';
import type { FileWorkers } from '../files/file-work.ts';
import { NorthAccess } from './access-cookie.ts';
import { freeLoopbackPort } from './loopback-port.ts';
import type { NorthConfig, NorthToolConfig } from '../config/north.ts';
import { ToolInstance } from './tool-instance.ts';
import { layOutUploads, remountReadOnly, type MountedUpload } from './upload-folders.ts';

export interface NorthUser {
  user_id: string;
  username: string;
}

/** One instance per user and tool. */
const instanceKey = (userId: string, tool: string) => `${userId}/${tool}`;

/**
 * The tools running on this server process: starts them (one per user and tool, within the limits), stops
 * them on request, when idle and at shutdown, and tells the proxy where an instance listens.
 */
export class NorthHub {
  readonly access = new NorthAccess();
  private readonly instances = new Map<string, ToolInstance>();
  /** Starts under way, so that two launches at once start one instance. */
  private readonly launching = new Map<string, Promise<ToolInstance>>();
  private idleTimer?: NodeJS.Timeout;

  constructor(
    readonly config: NorthConfig,
    private readonly options: {
      dataDir: string;
      basePath: string;
      fileWork: FileWorkers;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The URL path a tool is served at, and its `{base_url}`. */
  baseUrl(username: string, tool: string): string {
    return `${this.options.basePath}/north/user/${encodeURIComponent(username)}/${tool}/`;
  }

  instance(userId: string, tool: string): ToolInstance | undefined {
    return this.instances.get(instanceKey(userId, tool));
  }

  state(userId: string, tool: string): NorthToolState {
    return this.instance(userId, tool)?.state ?? 'stopped';
  }

  /** Starts the user's instance unless one is there; resolves when it runs or failed. */
  launch(user: NorthUser, name: string, tool: NorthToolConfig, uploads: readonly MountedUpload[]) {
    const key = instanceKey(user.user_id, name);
    // A start under way (another tab, a double click): answered when it runs or failed, not as 'starting',
    // which would leave that caller without a state to wait for.
    const starting = this.launching.get(key);
    if (starting) return starting;
    const existing = this.instances.get(key);
    if (existing?.live) return Promise.resolve(existing);
    const pending = this.startInstance(user, name, tool, uploads);
    this.launching.set(key, pending);
    return pending.finally(() => this.launching.delete(key));
  }

  private async startInstance(
    user: NorthUser,
    name: string,
    tool: NorthToolConfig,
    uploads: readonly MountedUpload[],
  ) {
    const key = instanceKey(user.user_id, name);
    this.instances.delete(key);
    // Places are held by live instances and starts under way (this one among them), each key once; a failed
    // or stopped instance holds none.
    const live = [...this.instances.entries()]
      .filter(([, instance]) => instance.live)
      .map(([other]) => other);
    const keys = [...new Set([...live, ...this.launching.keys(), key])];
    const mine = keys.filter((other) => other.startsWith(`${user.user_id}/`)).length - 1;
    if (mine >= this.config.maxInstancesPerUser) {
      throw new HttpError(
        409,
        `You run ${mine} tools, the most this installation allows per user. Stop one to launch another.`,
      );
    }
    if (keys.length - 1 >= this.config.maxInstances) {
      throw new HttpError(503, 'All places for running tools are taken. Try again later.');
    }
    const taken = new Set([...this.instances.values()].map((instance) => instance.port));
    const port = await freeLoopbackPort(this.config.ports, taken);
    if (port === undefined) throw new HttpError(503, 'No free port for the tool. Try again later.');
    const userDir = path.join(this.options.dataDir, 'north', user.user_id);
    const workDir = path.join(userDir, name);
    const mounted = await layOutUploads(this.options.fileWork, workDir, uploads);
    const instance = new ToolInstance(port, workDir, mounted, this.now());
    this.instances.set(key, instance);
    this.watchIdle();
    await instance.start({
      tool,
      port,
      baseUrl: this.baseUrl(user.username, name),
      workDir,
      logFile: path.join(userDir, `${name}.log`),
      startTimeoutMs: this.config.startTimeoutMs,
    });
    return instance;
  }

  async stop(userId: string, tool: string): Promise<void> {
    const key = instanceKey(userId, tool);
    const instance = this.instances.get(key);
    if (!instance) return;
    await instance.stop();
    if (this.instances.get(key) === instance) this.instances.delete(key);
    if (this.instances.size === 0) this.unwatchIdle();
  }

  /** At shutdown: every instance, at once. */
  async stopAll(): Promise<void> {
    this.unwatchIdle();
    const all = [...this.instances.values()];
    this.instances.clear();
    await Promise.all(all.map((instance) => instance.stop()));
  }

  /** When the server process exits without close() (a crash): tools run in groups of their own and would stay. */
  killNow(): void {
    for (const instance of this.instances.values()) instance.killNow();
  }

  /** An upload was published: tools that have it mounted read-write see it read-only from now on. */
  async uploadPublished(uploadId: string, rawDir: string): Promise<void> {
    for (const instance of this.instances.values()) {
      const dir = instance.mountedUploads.get(uploadId);
      if (dir !== undefined && instance.live)
        await remountReadOnly(this.options.fileWork, instance.workDir, dir, rawDir);
    }
  }

  /** Notes traffic of the proxy, which keeps an instance from the idle stop. */
  touch(userId: string, tool: string): void {
    const instance = this.instance(userId, tool);
    if (instance) instance.lastActivity = this.now();
  }

  /** Stops instances idle for longer than the configured time; the periodic check calls it. */
  async stopIdle(): Promise<void> {
    const limit = this.now() - this.config.idleTimeoutMs;
    const idle = [...this.instances.entries()].filter(
      ([, instance]) => instance.state === 'running' && instance.lastActivity < limit,
    );
    await Promise.all(
      idle.map(([key]) => {
        // Tool names have no '/'; a user id might.
        const cut = key.lastIndexOf('/');
        return this.stop(key.slice(0, cut), key.slice(cut + 1));
      }),
    );
  }

  /** Checks for idle instances a few times per idle period, only while any run. */
  private watchIdle(): void {
    if (this.idleTimer) return;
    const every = Math.max(250, Math.min(this.config.idleTimeoutMs / 4, 30_000));
    this.idleTimer = setInterval(() => void this.stopIdle(), every);
    this.idleTimer.unref();
  }

  private unwatchIdle(): void {
    clearInterval(this.idleTimer);
    this.idleTimer = undefined;
  }
}
