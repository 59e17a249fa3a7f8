import type { Database } from '../db/database.ts';
import { DEFAULT_PROCESSING_LIMITS } from '../config/processing-limits.ts';
import { nodeName } from './node-lease.ts';
import {
  claimNextJob,
  expireLeasesOfDeadProcess,
  finishJob,
  giveUpAbandonedJobs,
  releaseJob,
  renewLease,
  retryOrFailJob,
  type Job,
  type Lease,
} from './queue.ts';

/**
 * Runs a job. `signal` aborts when the job may no longer be this worker's (another node took it over, or
 * its lease could not be renewed in time): the handler stops and writes nothing more.
 */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

export interface JobWorkerOptions {
  /** How often other processes' jobs are looked for. */
  pollMs?: number;
  /** Starts after which a failing or interrupted job is given up. */
  maxAttempts?: number;
  /** How long `stop()` lets a running job go on before putting it back in the queue. */
  stopGraceMs?: number;
  /** Called for a job given up, with the reason; e.g. marks its upload's processing failed. */
  onGiveUp?: (job: Job, reason: string) => Promise<void>;
  /** How long a job stays this worker's without a renewal; other nodes take it over after that. */
  leaseMs?: number;
  /** This node's name in job leases (node-lease.ts nodeName). */
  owner?: string;
}

const interruptedReason = (attempts: number) =>
  `Processing was given up after ${attempts} attempts: the server stopped while processing this upload ` +
  `each time. Process the upload again to retry.`;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Runs queued jobs one after another, off the request path. `notify()` wakes it after an enqueue; a slow
 * poll catches jobs queued by other processes. A running job is held with a lease renewed every third of
 * its length: a job whose node died (its lease ran out) is taken over by any worker. A job that fails, or
 * that a crash interrupts, is retried until it has started `maxAttempts` times, then given up. `stop()`
 * lets the running job finish for a grace period, then puts it back in the queue.
 */
export class JobWorker {
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private current: Job | undefined;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly stopGraceMs: number;
  private readonly lease: Lease;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2000;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_PROCESSING_LIMITS.maxJobAttempts;
    this.stopGraceMs = options.stopGraceMs ?? 10_000;
    this.lease = {
      owner: options.owner ?? nodeName(),
      ms: options.leaseMs ?? 30_000,
    };
  }

  async start(): Promise<void> {
    if (this.db.kind === 'pglite') await expireLeasesOfDeadProcess(this.db, this.lease.owner);
    this.running = true;
    // The loop outlives a stop that released its job: what it meets after the stop (a closed database)
    // is no news. Before, an error is as unhandled as it always was.
    this.loop = this.run().catch((error: unknown) => {
      if (this.running) throw error;
    });
  }

  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    if (!this.loop) return;
    const finished = await Promise.race([
      this.loop.then(() => true),
      delay(this.stopGraceMs).then(() => false),
    ]);
    if (!finished && this.current) await releaseJob(this.db, this.current.job_id, this.lease.owner);
  }

  private async giveUp(job: Job, reason: string): Promise<void> {
    try {
      await this.options.onGiveUp?.(job, reason);
    } catch {
      // The job stays FAILED; its upload keeps the state it had.
    }
  }

  /**
   * Renews the job's lease every third of its length. Aborts `held` when a renewal finds the job taken
   * over, or when two renewals in a row failed (the database out of reach): the lease may run out before
   * the next one, and another node may then start the job; this run must not go on beside it.
   */
  private holdLease(job: Job, held: AbortController) {
    let renewed = Date.now();
    return setInterval(() => {
      if (Date.now() - renewed > (this.lease.ms * 2) / 3) {
        held.abort(new Error('The lease on this job could not be renewed in time.'));
        return;
      }
      renewLease(this.db, job.job_id, this.lease).then(
        (mine) => {
          if (mine) renewed = Date.now();
          else held.abort(new Error('This job was taken over by another node.'));
        },
        () => undefined,
      );
    }, this.lease.ms / 3);
  }

  private async run(): Promise<void> {
    while (this.running) {
      for (const job of await giveUpAbandonedJobs(this.db, this.maxAttempts, interruptedReason))
        await this.giveUp(job, interruptedReason(job.attempts));
      const job = await claimNextJob(this.db, this.lease);
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        continue;
      }
      this.current = job;
      const held = new AbortController();
      const heartbeat = this.holdLease(job, held);
      try {
        const handler = this.handlers[job.kind];
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job, held.signal);
        held.signal.throwIfAborted();
        await finishJob(this.db, job.job_id, this.lease.owner);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (await retryOrFailJob(this.db, job, this.lease.owner, message, this.maxAttempts))
          await this.giveUp(job, message);
      } finally {
        clearInterval(heartbeat);
        this.current = undefined;
      }
    }
  }
}
