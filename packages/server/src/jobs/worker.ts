import type { Database } from '../db/database.ts';
import { claimNextJob, finishJob, requeueInterruptedJobs, type Job } from './queue.ts';

export type JobHandler = (job: Job) => Promise<void>;

/**
 * Runs queued jobs one after another, off the request path. `notify()` wakes it after an enqueue; a slow
 * poll catches jobs queued by other processes. `stop()` lets the running job finish.
 */
export class JobWorker {
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly pollMs = 2000,
  ) {}

  async start(): Promise<void> {
    await requeueInterruptedJobs(this.db);
    this.running = true;
    this.loop = this.run();
  }

  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const job = await claimNextJob(this.db);
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
      const handler = this.handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job);
        await finishJob(this.db, job.job_id);
      } catch (error) {
        await finishJob(this.db, job.job_id, error instanceof Error ? error.message : String(error));
      }
    }
  }
}
