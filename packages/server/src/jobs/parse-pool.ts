import os from 'node:os';
import { DEFAULT_PROCESSING_LIMITS } from '../config/processing-limits.ts';
import { parserEndMessage, type ParserEnd } from './parse-end.ts';
import type { ParseOutcome, ParseTask } from './parse-task.ts';
import { ParserChild } from './parser-child.ts';

export interface ParsePoolOptions {
  /** Parser processes; default: two on a machine with two or more cores. */
  size?: number;
  timeoutMs?: number;
  /** Memory of one parser process (resident set), bytes. */
  memoryLimitBytes?: number;
  /** Overrides every parser's own limit on a file read whole (bytes). */
  maxMainfileBytes?: number;
}

interface Slot {
  child: ParserChild | undefined;
  busy: boolean;
}

/**
 * A small pool of parser processes, so a large file never blocks the API's event loop and both cores
 * are used. Processes, not worker threads: measured on Node 20, JSON.parse of a 400 MB array and a
 * growing array abort with 'Fatal JavaScript invalid size error' (a V8 CHECK failure) inside a worker
 * that has resourceLimits, and that abort takes the whole server process with it. In a child process
 * (--max-old-space-size, 'advanced' serialisation for the outcome) the same failures end the child
 * only. Children stay warm and are reused; one that died (out of memory, time limit, crash) is
 * replaced by the next task, and its entry fails with a message naming the limit.
 */
export class ParsePool {
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];
  private readonly timeoutMs: number;
  private readonly memoryLimitBytes: number;
  private readonly maxMainfileBytes: number | undefined;
  private closing = false;

  constructor(options: ParsePoolOptions = {}) {
    const size = options.size ?? Math.min(2, os.availableParallelism());
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ child: undefined, busy: false }));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROCESSING_LIMITS.parserTimeoutMs;
    this.memoryLimitBytes = options.memoryLimitBytes ?? DEFAULT_PROCESSING_LIMITS.parserMemoryBytes;
    this.maxMainfileBytes = options.maxMainfileBytes;
  }

  get size(): number {
    return this.slots.length;
  }

  async run(task: ParseTask): Promise<ParseOutcome> {
    if (this.closing) return this.failed({ kind: 'shutdown' }, task);
    const slot = await this.acquire();
    try {
      if (this.closing) return this.failed({ kind: 'shutdown' }, task);
      const child = slot.child?.alive ? slot.child : new ParserChild(this.memoryLimitBytes);
      slot.child = child;
      const result = await child.run(
        {
          type: 'parse',
          task,
          ...(this.maxMainfileBytes ? { maxMainfileBytes: this.maxMainfileBytes } : {}),
        },
        this.timeoutMs,
      );
      if ('end' in result) {
        slot.child = undefined;
        return this.failed(this.closing ? { kind: 'shutdown' } : result.end, task);
      }
      await this.recycleIfLarge(slot, child);
      return result.outcome;
    } finally {
      slot.busy = false;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    const children = this.slots.flatMap((slot) => (slot.child ? [slot.child] : []));
    await Promise.all(children.map((child) => child.kill()));
    for (const slot of this.slots) slot.child = undefined;
    for (const wake of this.waiting.splice(0)) wake();
  }

  private failed(end: ParserEnd, task: ParseTask): ParseOutcome {
    const error = parserEndMessage(end, task.relativePath, {
      memoryBytes: this.memoryLimitBytes,
      timeoutMs: this.timeoutMs,
    });
    return { ok: false, error, logs: [] };
  }

  /** A process that grew past half its limit gives the memory back by being replaced. */
  private async recycleIfLarge(slot: Slot, child: ParserChild): Promise<void> {
    const rss = await child.rss();
    if (rss !== undefined && rss > this.memoryLimitBytes / 2) {
      slot.child = undefined;
      await child.kill();
    }
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      const free = this.slots.find((slot) => !slot.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}
