import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import type { Hdf5ReadRequest, Hdf5ReadResult } from './hdf5-read.ts';

const ENTRY = fileURLToPath(new URL('./hdf5-worker-entry.mjs', import.meta.url));

/** Reads waiting for the reader at most; more are refused with 503 rather than queued without end. */
const MAX_PENDING = 32;
/** A read that takes longer stops the reader (it cannot be interrupted otherwise); the next read restarts it. */
const READ_TIMEOUT_MS = 60_000;

/** What the worker answers to read `id`. */
export type Hdf5WorkerAnswer =
  | { id: number; ok: true; result: Hdf5ReadResult }
  | { id: number; ok: false; status: number; detail: string };

interface Pending {
  resolve: (result: Hdf5ReadResult) => void;
  reject: (error: Error) => void;
}

/**
 * Runs HDF5 reads on a worker thread, one after the other: h5wasm is synchronous, and even a bounded read
 * (16 MiB of gzip-compressed numbers) takes some 100–400 ms, which must not hold the server's event loop.
 * The worker starts with the first read.
 */
export class Hdf5Reader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private timer: NodeJS.Timeout | undefined;

  read(request: Hdf5ReadRequest): Promise<Hdf5ReadResult> {
    if (this.pending.size >= MAX_PENDING)
      return Promise.reject(new HttpError(503, 'Too many HDF5 files are being read; try again shortly.'));
    const worker = this.worker ?? this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.timer ??= this.watch();
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    await this.stop(new HttpError(503, 'The server is shutting down.'));
  }

  private start(): Worker {
    const worker = new Worker(ENTRY, { execArgv: [] });
    worker.on('message', (answer: Hdf5WorkerAnswer) => this.answer(answer));
    worker.on('error', (error) => void this.stop(error));
    worker.on('exit', () => {
      if (this.worker === worker) void this.stop(new Error('The HDF5 reader stopped.'));
    });
    // Idle, the reader does not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(answer: Hdf5WorkerAnswer) {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    clearTimeout(this.timer);
    this.timer = this.pending.size > 0 ? this.watch() : undefined;
    if (answer.ok) pending.resolve(answer.result);
    else if (answer.status < 500) pending.reject(new HttpError(answer.status, answer.detail));
    else pending.reject(new Error(`HDF5 read failed: ${answer.detail}`));
  }

  /** Each answer must come within the timeout of the previous one (or of the first read sent). */
  private watch(): NodeJS.Timeout {
    return setTimeout(
      () => void this.stop(new HttpError(503, 'Reading the HDF5 file took too long.')),
      READ_TIMEOUT_MS,
    ).unref();
  }

  private async stop(error: Error): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const worker = this.worker;
    this.worker = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(error);
    await worker?.terminate();
  }
}
