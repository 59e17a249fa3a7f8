import type { Queryable } from '../db/database.ts';

export interface Job {
  job_id: number;
  kind: string;
  upload_id: string | null;
  payload: Record<string, unknown>;
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
  await db.query(`UPDATE jobs SET state = $2, error = $3, finished_at = now() WHERE job_id = $1`, [
    jobId,
    error ? 'FAILED' : 'DONE',
    error ?? null,
  ]);
};

/**
 * Jobs left RUNNING belong to a process that was killed: put them back in the queue so the next start
 * re-runs them (processing is idempotent per upload).
 */
export const requeueInterruptedJobs = async (db: Queryable): Promise<number> => {
  const { rows } = await db.query<{ job_id: number }>(
    `UPDATE jobs SET state = 'PENDING', started_at = NULL WHERE state = 'RUNNING' RETURNING job_id`,
  );
  return rows.length;
};
