import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../../db/postgres.ts';
import { buildPart, type PartRequest } from './build-part.ts';
import { sendPart } from './part-wire.ts';

/** A worker thread of a first index build (parallel-build.ts): one share, on a connection of its own. */
const { url, request } = workerData as { url: string; request: PartRequest };
const db = await openPostgres(url);
try {
  sendPart(parentPort!, await buildPart(db, request));
} finally {
  await db.close();
}
