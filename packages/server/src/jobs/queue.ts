import type { Queryable } from '../db/database.ts';
import type { Columns, Narrowed } from '../db/rows.ts';

/** `attempts`: starts of this job so far, the current one included. */
type JobRow = Columns<'jobs', 'job_id' | 'kind' | 'upload_id' | 'payload' | 'attempts'>;
/** A job as the queue hands it out: its id a number (the column is a bigserial, see tables.ts). */
export type Job = Narrowed<JobRow, { job_id: number }>;

export const enqueueJob = async (
  db: Queryable,
  kind: string,
  uploadId: string | null,
  payload: Record<string, unknown> = {},
): Promise<number> => {
  const { rows } = await db.query<Columns<'jobs', 'job_id'>>(
    'INSERT INTO jobs (kind, upload_id, payload) VALUES ($1, $2, $3) RETURNING job_id',
    [kind, uploadId, JSON.stringify(payload)],
  );
  return Number(rows[0]?.job_id);
};

/** Who holds a job and for how long without renewing (worker.ts renews every third of it). */
export interface Lease {
  owner: string;
  ms: number;
}

/** A RUNNING job whose holder stopped renewing (killed, frozen, cut off): NULL is from before leases. */
const EXPIRED = `(lease_expires_at IS NULL OR lease_expires_at < now())`;
const leaseUntil = (param: string) => `now() + make_interval(secs => ${param}::double precision / 1000)`;

/**
 * A job that runs from its start in the process that inserts it (a request's own work), held with `lease`
 * like a claimed one: if that process dies, its lease runs out and a worker takes the job over.
 */
export const insertRunningJob = async (
  db: Queryable,
  kind: string,
  uploadId: string,
  lease: Lease,
): Promise<number> => {
  const { rows } = await db.query<Columns<'jobs', 'job_id'>>(
    `INSERT INTO jobs (kind, upload_id, payload, state, started_at, attempts, lease_owner, lease_expires_at)
     VALUES ($1, $2, '{}', 'RUNNING', now(), 1, $3, ${leaseUntil('$4')}) RETURNING job_id`,
    [kind, uploadId, lease.owner, lease.ms],
  );
  return Number(rows[0]?.job_id);
};

/**
 * Claims the oldest job that is pending or whose lease expired, unless another live job of the same upload
 * is running (an upload is processed on one node at a time). SKIP LOCKED lets several workers and servers
 * share the table. `takenOver`: the job was running on a node that is gone.
 */
export const claimNextJob = async (db: Queryable, lease: Lease): Promise<Job | undefined> => {
  const { rows } = await db.query<JobRow>(
    `WITH next AS (
       SELECT j.job_id FROM jobs j
       WHERE (j.state = 'PENDING' OR (j.state = 'RUNNING' AND ${EXPIRED.replaceAll('lease_', 'j.lease_')}))
         AND NOT EXISTS (
           SELECT 1 FROM jobs r WHERE r.upload_id = j.upload_id AND r.job_id <> j.job_id
             AND r.state = 'RUNNING' AND r.lease_expires_at >= now())
       ORDER BY j.job_id FOR UPDATE OF j SKIP LOCKED LIMIT 1
     )
     UPDATE jobs SET state = 'RUNNING', started_at = now(), attempts = attempts + 1,
       lease_owner = $1, lease_expires_at = ${leaseUntil('$2')}
     FROM next WHERE jobs.job_id = next.job_id
     RETURNING jobs.job_id, kind, upload_id, payload, attempts`,
    [lease.owner, lease.ms],
  );
  const job = rows[0];
  return job ? { ...job, job_id: Number(job.job_id) } : undefined;
};

/** Extends the lease; false when the job is no longer this owner's (taken over, or released). */
export const renewLease = async (db: Queryable, jobId: number, lease: Lease): Promise<boolean> => {
  const { rows } = await db.query(
    `UPDATE jobs SET lease_expires_at = ${leaseUntil('$3')}
     WHERE job_id = $1 AND lease_owner = $2 AND state = 'RUNNING' RETURNING 1`,
    [jobId, lease.owner, lease.ms],
  );
  return rows.length > 0;
};

/** Merges `values` into the job's payload (progress a later attempt continues from). */
export const noteJobProgress = async (
  db: Queryable,
  jobId: number,
  values: Record<string, unknown>,
): Promise<void> => {
  await db.query('UPDATE jobs SET payload = payload || $2::jsonb WHERE job_id = $1', [
    jobId,
    JSON.stringify(values),
  ]);
};

export const finishJob = async (
  db: Queryable,
  jobId: number,
  owner: string,
  error?: string,
): Promise<void> => {
  // A job released at shutdown, or taken over by another node, is not finished by the run that lost it.
  await db.query(
    `UPDATE jobs SET state = $3, error = $4, finished_at = now(), lease_expires_at = NULL
     WHERE job_id = $1 AND lease_owner = $2 AND state = 'RUNNING'`,
    [jobId, owner, error ? 'FAILED' : 'DONE', error ?? null],
  );
};

/** A job whose run failed goes back to the queue, unless it has had `maxAttempts` starts; true when given up. */
export const retryOrFailJob = async (
  db: Queryable,
  job: Job,
  owner: string,
  error: string,
  maxAttempts: number,
): Promise<boolean> => {
  if (job.attempts >= maxAttempts) {
    await finishJob(db, job.job_id, owner, error);
    return true;
  }
  await db.query(
    `UPDATE jobs SET state = 'PENDING', started_at = NULL, error = $3, lease_owner = NULL, lease_expires_at = NULL
     WHERE job_id = $1 AND lease_owner = $2 AND state = 'RUNNING'`,
    [job.job_id, owner, error],
  );
  return false;
};

/** A job stopped by a shutdown goes back to the queue; the stop does not count as one of its attempts. */
export const releaseJob = async (db: Queryable, jobId: number, owner: string): Promise<void> => {
  await db.query(
    `UPDATE jobs SET state = 'PENDING', started_at = NULL, attempts = GREATEST(attempts - 1, 0),
       lease_owner = NULL, lease_expires_at = NULL
     WHERE job_id = $1 AND lease_owner = $2 AND state = 'RUNNING'`,
    [jobId, owner],
  );
};

/**
 * Jobs whose holder died at their `maxAttempts`-th start are given up (FAILED with `reason`) and returned,
 * so that a job whose run kills the server cannot do it at every start. The others are claimed again.
 */
export const giveUpAbandonedJobs = async (
  db: Queryable,
  maxAttempts: number,
  reason: (attempts: number) => string,
): Promise<Job[]> => {
  const { rows } = await db.query<Columns<'jobs', 'job_id' | 'attempts'>>(
    `SELECT job_id, attempts FROM jobs WHERE state = 'RUNNING' AND ${EXPIRED} AND attempts >= $1`,
    [maxAttempts],
  );
  const given: Job[] = [];
  for (const { job_id, attempts } of rows) {
    // Conditional, so that of several nodes doing this at once exactly one gives the job up.
    const { rows: updated } = await db.query<JobRow>(
      `UPDATE jobs SET state = 'FAILED', error = $2, finished_at = now(), lease_expires_at = NULL
       WHERE job_id = $1 AND state = 'RUNNING' AND ${EXPIRED}
       RETURNING job_id, kind, upload_id, payload, attempts`,
      [job_id, reason(attempts)],
    );
    given.push(...updated.map((job) => ({ ...job, job_id: Number(job.job_id) })));
  }
  return given;
};

/**
 * With the embedded database only this process can hold jobs (db/lock.ts): what a previous process left
 * RUNNING is abandoned now, not when its lease would have run out. Leases of this process (`owner`, also
 * as the end of a request's own owner name, which may already hold jobs) are kept.
 */
export const expireLeasesOfDeadProcess = async (db: Queryable, owner: string): Promise<void> => {
  await db.query(
    `UPDATE jobs SET lease_expires_at = NULL
     WHERE state = 'RUNNING' AND (lease_owner IS NULL OR right(lease_owner, length($1)) <> $1)`,
    [owner],
  );
};
