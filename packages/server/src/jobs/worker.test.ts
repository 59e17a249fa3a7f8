import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { enqueueJob } from './queue.ts';
import { JobWorker } from './worker.ts';

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
    db = await openDatabase({});
    await migrate(db);
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
      50,
    );
    await worker.start();
    for (
      let i = 0;
      i < 100 && (await jobStates()).some((j) => j.state !== 'DONE' && j.state !== 'FAILED');
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual([1, 2]);
    expect((await jobStates()).map((j) => [j.state, j.error])).toEqual([
      ['DONE', null],
      ['FAILED', 'boom'],
      ['DONE', null],
    ]);
  });
});
