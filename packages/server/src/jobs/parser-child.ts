import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParserEnd } from './parse-end.ts';
import type { ParseOutcome, ParseRequest, ParserMessage } from './parse-task.ts';
import { residentBytes } from './process-rss.ts';

const ENTRY = fileURLToPath(new URL('./parse-process-entry.mjs', import.meta.url));
/** V8 stops its own heap this much below the memory limit, so a heap that grows fails with V8's clean OOM. */
const HEAP_HEADROOM_BYTES = 256 * 1024 ** 2;
const WATCH_INTERVAL_MS = 200;
const STARTUP_TIMEOUT_MS = 60_000;
const STDERR_TAIL_CHARS = 8192;

type ChildResult = { outcome: ParseOutcome } | { end: ParserEnd };

/**
 * One warm parser process. V8's heap is capped with --max-old-space-size; Buffers live outside that
 * heap, so a watchdog also reads the process's resident set while it parses and kills it above the
 * limit. A process that died is not reused: the pool starts a new one.
 */
export class ParserChild {
  private readonly child: ChildProcess;
  private readonly ready: Promise<boolean>;
  private readonly closed: Promise<{ code: number | null; signal: string | null }>;
  private stderrTail = '';
  private exited = false;

  constructor(private readonly memoryLimitBytes: number) {
    const heapMb = Math.max(64, Math.floor((memoryLimitBytes - HEAP_HEADROOM_BYTES) / 1024 ** 2));
    this.child = fork(ENTRY, [], {
      execArgv: [`--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    this.child.stderr?.setEncoding('utf8');
    // Kept only to tell an out-of-memory abort from other deaths; V8's fatal traces are not forwarded.
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // 'close' comes after stderr is drained, so the tail is complete when a death is classified.
    this.closed = new Promise((resolve) => {
      const ended = (code: number | null, signal: string | null) => {
        this.exited = true;
        resolve({ code, signal });
      };
      this.child.once('close', ended);
      // A process that could not be started has no 'close' to wait for.
      this.child.on('error', (error) => {
        if (this.child.pid === undefined) {
          this.stderrTail += error.message;
          ended(null, null);
        }
      });
    });
    this.ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve(false);
      }, STARTUP_TIMEOUT_MS);
      this.child.once('message', (message: ParserMessage) => {
        clearTimeout(timer);
        resolve(message.type === 'ready');
      });
      void this.closed.then(() => {
        clearTimeout(timer);
        resolve(false);
      });
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Resident bytes now (undefined where /proc is not available). */
  rss(): Promise<number | undefined> {
    return this.child.pid === undefined ? Promise.resolve(undefined) : residentBytes(this.child.pid);
  }

  async run(request: ParseRequest, timeoutMs: number): Promise<ChildResult> {
    if (!(await this.ready)) return { end: await this.endOf(undefined) };
    let cause: ParserEnd | undefined;
    const stop = (end: ParserEnd) => {
      cause ??= end;
      this.child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop({ kind: 'timeout' }), timeoutMs);
    const watch = setInterval(() => {
      void this.rss().then((rss) => {
        if (rss !== undefined && rss > this.memoryLimitBytes) stop({ kind: 'memory' });
      });
    }, WATCH_INTERVAL_MS);
    try {
      const answer = new Promise<ParseOutcome>((resolve) => {
        const onMessage = (message: ParserMessage) => {
          if (message.type !== 'outcome') return;
          this.child.off('message', onMessage);
          resolve(message.outcome);
        };
        this.child.on('message', onMessage);
      });
      this.child.send(request, (error) => {
        if (error) stop({ kind: 'exit', code: null, signal: null, stderr: error.message });
      });
      const result = await Promise.race([
        answer.then((outcome) => ({ outcome })),
        this.closed.then(async () => ({ end: await this.endOf(cause) })),
      ]);
      return result;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
    }
  }

  /** Ends the process (a parse in flight ends as an exit) and waits until it is gone. */
  async kill(): Promise<void> {
    if (this.exited) return;
    this.child.kill('SIGKILL');
    await this.closed;
  }

  private async endOf(cause: ParserEnd | undefined): Promise<ParserEnd> {
    const { code, signal } = await this.closed;
    return cause ?? { kind: 'exit', code, signal, stderr: this.stderrTail };
  }
}
