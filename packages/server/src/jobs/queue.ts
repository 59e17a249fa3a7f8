import type { Queryable } from '../db/database.ts';

export interface Job {
  job_id: number;
  kind: string;
  upload_id: string | null;
  payload: Record<string, unknown>;
  /** Starts of this job so far, the current one included. */
  attempts: number;
}

export const enqueueJob = async (
  db: Queryable,
  kind: string,
  uploadId: string | null,
  payload: Record<string, unknown> = {},
): Promise<number> => {
  const { rows } = await db.query<{ job_id: number }>(
    'INSERT INTO jobs (kind, upload_id, payload) VALUES ($1, $2, $3) RETURNING job_id',
    [kind, uploadId, JSON.stringify(payload)],
  );
  return Number(rows[0]?.job_id);
};

/** Claims the oldest pending job; SKIP LOCKED lets several workers (or servers) share the table. */
export const claimNextJob = async (db: Queryable): Promise<Job | undefined> => {
  const { rows } = await db.query<Job>(
    `UPDATE jobs SET state = 'RUNNING', started_at = now(), attempts = attempts + 1
     WHERE job_id = (
       SELECT job_id FROM jobs WHERE state = 'PENDING' ORDER BY job_id FOR UPDATE SKIP LOCKED LIMIT 1
     )
     RETURNING job_id, kind, upload_id, payload, attempts`,
  );
  const job = rows[0];
  return job ? { ...job, job_id: Number(job.job_id) } : undefined;
};

export const finishJob = async (db: Queryable, jobId: number, error?: string): Promise<void> => {
  // A job released at shutdown (PENDING again) is not finished by the run that was abandoned.
  await db.query(
    `UPDATE jobs SET state = $2, error = $3, finished_at = now() WHERE job_id = $1 AND state = 'RUNNING'`,
    [jobId, error ? 'FAILED' : 'DONE', error ?? null],
  );
};

/** A job whose run failed goes back to the queue, unless it has had `maxAttempts` starts; true when given up. */
export const retryOrFailJob = async (
  db: Queryable,
  job: Job,
  error: string,
  maxAttempts: number,
): Promise<boolean> => {
  if (job.attempts >= maxAttempts) {
    await finishJob(db, job.job_id, error);
    return true;
  }
  await db.query(
    `UPDATE jobs SET state = 'PENDING', started_at = NULL, error = $2 WHERE job_id = $1 AND state = 'RUNNING'`,
    [job.job_id, error],
  );
  return false;
};

/** A job stopped by a shutdown goes back to the queue; the stop does not count as one of its attempts. */
export const releaseJob = async (db: Queryable, jobId: number): Promise<void> => {
  await db.query(
    `UPDATE jobs SET state = 'PENDING', started_at = NULL, attempts = GREATEST(attempts - 1, 0)
     WHERE job_id = $1 AND state = 'RUNNING'`,
    [jobId],
  );
};

/**
 * Jobs left RUNNING belong to a process that was killed (or crashed): put them back in the queue so the
 * next start re-runs them (processing is idempotent per upload), unless they already started
 * `maxAttempts` times. Those are given up (FAILED with `reason`) and returned, so that a job whose run
 * kills the server cannot do it at every start.
 */
export const requeueInterruptedJobs = async (
  db: Queryable,
  maxAttempts: number,
  reason: (attempts: number) => string,
): Promise<Job[]> => {
  const { rows } = await db.query<Job>(
    `SELECT job_id, kind, upload_id, payload, attempts FROM jobs WHERE state = 'RUNNING' AND attempts >= $1`,
    [maxAttempts],
  );
  for (const job of rows) {
    await db.query(
      `UPDATE jobs SET state = 'FAILED', error = $2, finished_at = now() WHERE job_id = $1 AND state = 'RUNNING'`,
      [job.job_id, reason(job.attempts)],
    );
  }
  await db.query(`UPDATE jobs SET state = 'PENDING', started_at = NULL WHERE state = 'RUNNING'`);
  return rows.map((job) => ({ ...job, job_id: Number(job.job_id) }));
};
