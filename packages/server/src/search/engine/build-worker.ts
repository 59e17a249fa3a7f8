import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../../db/postgres.ts';
import { buildPart, type PartRequest } from './build-part.ts';
import { sendPart } from './part-wire.ts';

/** A worker thread of a first index build (parallel-build.ts): one share, on a connection of its own. */
const { url, request } = workerData as { url: string; request: PartRequest };

/**
 * Lowers this thread's CPU priority (Linux: a thread's own id, from /proc/thread-self, names just that
 * thread; lowering needs no privilege). On a small machine the workers otherwise take every core, and
 * the server thread's requests and garbage collections (whose helpers run at normal priority) wait for
 * them: pauses of 100–400 ms were measured with two workers on two cores. Elsewhere, nothing changes.
 */
const yieldToServer = () => {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread)) setPriority(thread, 10);
  } catch {
    // Not Linux, or no /proc: the workers run at the server's priority.
  }
};

yieldToServer();
const db = await openPostgres(url);
try {
  sendPart(parentPort!, await buildPart(db, request));
} finally {
  await db.close();
}
