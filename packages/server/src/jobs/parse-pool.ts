import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ParseTask, ParseOutcome } from './parse-thread.ts';

interface Slot {
  worker: Worker | undefined;
  busy: boolean;
}

/**
 * A small pool of worker threads that run parsers, so a large file never blocks the API's event loop and
 * both cores are used. A task that exceeds `timeoutMs` has its thread terminated (and replaced).
 */
export class ParsePool {
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];

  constructor(
    size = Math.min(2, os.availableParallelism()),
    private readonly timeoutMs = 120_000,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: undefined, busy: false }));
  }

  get size(): number {
    return this.slots.length;
  }

  async run(task: ParseTask): Promise<ParseOutcome> {
    const slot = await this.acquire();
    try {
      return await this.runOn(slot, task);
    } finally {
      slot.busy = false;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
    for (const slot of this.slots) slot.worker = undefined;
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

  private spawn(): Worker {
    return new Worker(new URL('./parse-thread-entry.mjs', import.meta.url));
  }

  private runOn(slot: Slot, task: ParseTask): Promise<ParseOutcome> {
    const worker = slot.worker ?? this.spawn();
    slot.worker = worker;
    return new Promise<ParseOutcome>((resolve) => {
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (message: string) => {
        cleanup();
        slot.worker = undefined;
        void worker.terminate();
        resolve({ ok: false, error: message, logs: [] });
      };
      const timer = setTimeout(
        () => fail(`Parsing ${task.relativePath} exceeded the time limit of ${this.timeoutMs / 1000} s.`),
        this.timeoutMs,
      );
      const onMessage = (outcome: ParseOutcome) => {
        cleanup();
        resolve(outcome);
      };
      const onError = (error: Error) => fail(`The parser crashed: ${error.message}`);
      const onExit = (code: number) => fail(`The parser process exited unexpectedly (code ${code}).`);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(task);
    });
  }
}
