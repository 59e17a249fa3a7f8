import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Queryable } from '../db/database.ts';

/** This process among the nodes sharing a database: host, pid and a random part (pids repeat). */
export const nodeName = (): string => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Work done once per installation (embargo ends, search index snapshots) is done by the node holding a
 * named lease in the database. Each node tries to take or renew it every third of its length; when the
 * holder stops renewing (killed, cut off), another takes it over once it has run out; a node stopping
 * cleanly gives it up at once.
 */
export interface NodeLease {
  /** Whether this node held the lease at its last renewal, and that renewal has not run out. */
  readonly held: boolean;
  stop(): Promise<void>;
}

export const holdNodeLease = async (
  db: Queryable,
  options: { name: string; holder: string; ms?: number; onError?: (error: unknown) => void },
): Promise<NodeLease> => {
  const ms = options.ms ?? 30_000;
  let heldUntil = 0;
  const renew = async () => {
    const asked = Date.now();
    const { rows } = await db.query(
      `INSERT INTO node_leases (name, holder, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE node_leases.holder = EXCLUDED.holder OR node_leases.expires_at < now()
       RETURNING 1`,
      [options.name, options.holder, ms],
    );
    // Counted from before the request: the database's clock may be ahead of ours by the round trip.
    heldUntil = rows.length > 0 ? asked + ms : 0;
  };
  let running: Promise<void> = renew().catch((error: unknown) => options.onError?.(error));
  await running;
  const timer = setInterval(() => {
    running = running.then(renew).catch((error: unknown) => options.onError?.(error));
  }, ms / 3);
  timer.unref();
  return {
    get held() {
      return Date.now() < heldUntil;
    },
    async stop() {
      clearInterval(timer);
      await running;
      heldUntil = 0;
      await db
        .query('DELETE FROM node_leases WHERE name = $1 AND holder = $2', [options.name, options.holder])
        .catch(() => undefined);
    },
  };
};
