import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../testing/database.ts';
import { enqueueJob } from './queue.ts';
import { JobWorker } from './worker.ts';
import { until } from '../testing/until.ts';

describe('JobWorker', () => {
  let db: Database;
  let worker: JobWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await db.close();
  });

  const jobStates = async () =>
    (
      await db.query<{ job_id: number; state: string; error: string | null }>(
        'SELECT job_id, state, error FROM jobs ORDER BY job_id',
      )
    ).rows;

  it('re-runs a job a killed process left RUNNING, and records failures without stopping', async () => {
    db = await openMigratedDatabase();
    const interrupted = await enqueueJob(db, 'count', null, { n: 1 });
    // What a kill leaves behind: claimed, never finished.
    await db.query(`UPDATE jobs SET state = 'RUNNING', started_at = now() WHERE job_id = $1`, [interrupted]);
    await enqueueJob(db, 'explode', null);
    await enqueueJob(db, 'count', null, { n: 2 });

    const seen: number[] = [];
    worker = new JobWorker(
      db,
      {
        count: async (job) => {
          seen.push(Number(job.payload.n));
        },
        explode: async () => {
          throw new Error('boom');
        },
      },
      { pollMs: 50 },
    );
    await worker.start();
    await until(async () => (await jobStates()).every((j) => j.state === 'DONE' || j.state === 'FAILED'));
    expect(seen).toEqual([1, 2]);
    expect((await jobStates()).map((j) => [j.state, j.error])).toEqual([
      ['DONE', null],
      ['FAILED', 'boom'],
      ['DONE', null],
    ]);
  });

  it('gives up a job that a crash interrupted at every one of its attempts, instead of running it again', async () => {
    db = await openMigratedDatabase();
    const twice = await enqueueJob(db, 'count', null, { n: 1 });
    const thrice = await enqueueJob(db, 'count', null, { n: 2 });
    // What starts that claimed the jobs and died with them leave behind.
    await db.query(`UPDATE jobs SET state = 'RUNNING', attempts = 2 WHERE job_id = $1`, [twice]);
    await db.query(`UPDATE jobs SET state = 'RUNNING', attempts = 3 WHERE job_id = $1`, [thrice]);
    const given: Array<[number, string]> = [];
    const seen: number[] = [];
    worker = new JobWorker(
      db,
      {
        count: async (job) => {
          seen.push(Number(job.payload.n));
        },
      },
      {
        pollMs: 50,
        maxAttempts: 3,
        onGiveUp: async (job, reason) => {
          given.push([job.job_id, reason]);
        },
      },
    );
    await worker.start();
    // The job state is written before the give-up is handled: wait for both.
    await until(
      async () =>
        given.length > 0 && (await jobStates()).every((j) => j.state === 'DONE' || j.state === 'FAILED'),
    );
    // The job with an attempt left runs once more; the other is failed with a reason users can read.
    expect(seen).toEqual([1]);
    const states = await jobStates();
    expect(states.map((j) => j.state)).toEqual(['DONE', 'FAILED']);
    expect(states[1]?.error).toMatch(/^Processing was given up after 3 attempts: the server stopped/);
    expect(given).toEqual([[thrice, states[1]?.error]]);
  });

  it('retries a failing job until its attempts are used up', async () => {
    db = await openMigratedDatabase();
    await enqueueJob(db, 'explode', null);
    let runs = 0;
    const given: string[] = [];
    worker = new JobWorker(
      db,
      {
        explode: async () => {
          runs++;
          throw new Error('boom');
        },
      },
      { pollMs: 50, maxAttempts: 2, onGiveUp: async (_job, reason) => void given.push(reason) },
    );
    await worker.start();
    await until(async () => given.length > 0 && (await jobStates())[0]?.state === 'FAILED');
    expect(runs).toBe(2);
    expect(given).toEqual(['boom']);
  });

  it('puts a job that outlives the stop grace back in the queue without counting the attempt', async () => {
    db = await openMigratedDatabase();
    const slow = await enqueueJob(db, 'slow', null);
    let started = false;
    let ended = false;
    worker = new JobWorker(
      db,
      {
        slow: async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          ended = true;
        },
      },
      { pollMs: 50, stopGraceMs: 50 },
    );
    await worker.start();
    await until(() => started);
    await worker.stop();
    worker = undefined;
    const { rows } = await db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM jobs WHERE job_id = $1',
      [slow],
    );
    expect(rows[0]).toEqual({ state: 'PENDING', attempts: 0 });
    // The abandoned run ends later and leaves the released job alone.
    await until(() => ended);
    expect((await jobStates())[0]?.state).toBe('PENDING');
  });

  it("takes over another node's running job only once its lease has run out", async () => {
    db = await openMigratedDatabase();
    const seen: number[] = [];
    worker = new JobWorker(
      db,
      { count: async (job) => void seen.push(Number(job.payload.n)) },
      { pollMs: 20 },
    );
    // After the start: with the embedded database a start takes over what an earlier process left.
    await worker.start();
    const { rows: inserted } = await db.query<{ job_id: number }>(
      `INSERT INTO jobs (kind, payload, state, attempts, lease_owner, lease_expires_at)
       VALUES ('count', '{"n": 1}', 'RUNNING', 1, 'other-node', now() + interval '1 hour') RETURNING job_id`,
    );
    const held = Number(inserted[0]?.job_id);
    await enqueueJob(db, 'count', null, { n: 2 });
    worker.notify();
    await until(async () => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([2]);
    await db.query(`UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE job_id = $1`, [
      held,
    ]);
    await until(async () => seen.length > 1);
    expect(seen).toEqual([2, 1]);
    // The handler has run; the job is marked done right after it (a moment later on a PostgreSQL server).
    await until(async () => (await jobStates()).find((job) => job.job_id === held)?.state !== 'RUNNING');
    const { rows } = await db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM jobs WHERE job_id = $1',
      [held],
    );
    expect(rows[0]).toEqual({ state: 'DONE', attempts: 2 });
  });

  it('renews the lease of a long job, so that no other worker takes it over, and runs every job once', async () => {
    db = await openMigratedDatabase();
    const runs = new Map<number, number>();
    const running = new Set<string>();
    let overlapped = false;
    const handler = async (job: { job_id: number; upload_id: string | null }) => {
      if (running.has(job.upload_id ?? '')) overlapped = true;
      running.add(job.upload_id ?? '');
      runs.set(job.job_id, (runs.get(job.job_id) ?? 0) + 1);
      // Six renewals' time: a lease that were not renewed would run out twice over.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      running.delete(job.upload_id ?? '');
    };
    await db.exec(`INSERT INTO users (user_id, username) VALUES ('u', 'u');
      INSERT INTO uploads (upload_id, main_author) VALUES ('up-a', 'u'), ('up-b', 'u');`);
    for (const upload of ['up-a', 'up-b', 'up-a', 'up-b']) await enqueueJob(db, 'slow', upload);
    // Long enough that a busy machine's event-loop stalls (a renewal may be late by 400 ms) do not count.
    const options = { pollMs: 20, leaseMs: 600 };
    const workers = [
      new JobWorker(db, { slow: handler }, options),
      new JobWorker(db, { slow: handler }, options),
    ];
    for (const each of workers) await each.start();
    await until(async () => (await jobStates()).every((j) => j.state === 'DONE'));
    for (const each of workers) await each.stop();
    expect((await jobStates()).map((j) => j.state)).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
    expect([...runs.values()]).toEqual([1, 1, 1, 1]);
    // Jobs of one upload never ran at the same time, on either worker.
    expect(overlapped).toBe(false);
  });

  it('tells a running job that another node took it over, and does not finish it here', async () => {
    db = await openMigratedDatabase();
    let started = false;
    let stoppedWith: unknown;
    const handler = (_job: unknown, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        started = true;
        const timer = setTimeout(resolve, 5000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          stoppedWith = signal.reason;
          reject(signal.reason as Error);
        });
      });
    worker = new JobWorker(db, { slow: handler }, { pollMs: 20, leaseMs: 150 });
    await worker.start();
    await enqueueJob(db, 'slow', null);
    worker.notify();
    await until(async () => started);
    await db.query(
      `UPDATE jobs SET lease_owner = 'other-node', lease_expires_at = now() + interval '1 hour'`,
    );
    await until(async () => stoppedWith !== undefined);
    expect(String(stoppedWith)).toContain('taken over by another node');
    await worker.stop();
    const { rows } = await db.query<{ state: string; lease_owner: string }>(
      'SELECT state, lease_owner FROM jobs',
    );
    expect(rows).toEqual([{ state: 'RUNNING', lease_owner: 'other-node' }]);
  });
});
