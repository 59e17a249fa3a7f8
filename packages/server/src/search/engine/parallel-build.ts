import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PartRequest } from './build-part.ts';
import { restoreIndex } from './index-image.ts';
import { mergeParts } from './part-merge.ts';
import { receivePart, unpackPart, type PartMessage } from './part-wire.ts';
import type { SearchIndex } from './search-index.ts';

const ENTRY = fileURLToPath(new URL('./build-worker-entry.mjs', import.meta.url));

/** A first build's shares of work. */
export interface ParallelBuild {
  /** The PostgreSQL server's URL: each worker connects on its own. */
  url: string;
  /** The change numbers to read: (from, to]. */
  from: bigint;
  to: bigint;
  workers: number;
  /** Entries expected (with room for more): columns are sized for them. */
  expectedRows: number;
}

/**
 * Reads the shares in worker threads, each on a connection of its own, in parallel with each other and
 * with the database server. All workers are stopped when one fails.
 */
export const readShares = async (index: SearchIndex, build: ParallelBuild): Promise<PartMessage[]> => {
  const quantities = [...index.quantities.values()].map((indexed) => indexed.quantity);
  const workers: Worker[] = [];
  const share = (part: number) => {
    const request: PartRequest = {
      quantities,
      from: String(build.from),
      to: String(build.to),
      part,
      parts: build.workers,
      expectedRows: Math.ceil(build.expectedRows / build.workers),
    };
    const worker = new Worker(ENTRY, { workerData: { url: build.url, request }, execArgv: [] });
    workers.push(worker);
    return receivePart(worker);
  };
  try {
    return await Promise.all(Array.from({ length: build.workers }, (_, part) => share(part)));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
};

/**
 * Fills the empty index from the shares: merged and restored in steps on this thread, giving the event
 * loop turns through `turn`. Returns the change number each row was read at.
 */
export const restoreShares = async (
  index: SearchIndex,
  messages: PartMessage[],
  expectedRows: number,
  turn: () => Promise<void>,
): Promise<Float64Array> => {
  const parts = [];
  for (const message of messages) parts.push(await unpackPart(message, turn));
  const { image, seqs } = await mergeParts(parts, expectedRows, turn);
  const repeated = await restoreIndex(index, image, turn);
  if (repeated.length > 0) keepLatest(index, new Set(repeated), seqs);
  index.revision++;
  return seqs;
};

/** An entry read twice (it changed between two shares' reads) keeps the row read at its later change. */
const keepLatest = (index: SearchIndex, ids: ReadonlySet<string>, seqs: Float64Array) => {
  const latest = new Map<string, number>();
  for (let row = 0; row < index.entryIds.length; row++) {
    const id = index.entryIds.at(row);
    if (!ids.has(id)) continue;
    const best = latest.get(id);
    if (best === undefined || seqs[row]! > seqs[best]!) latest.set(id, row);
  }
  for (let row = 0; row < index.entryIds.length; row++) {
    const id = index.entryIds.at(row);
    if (!ids.has(id) || latest.get(id) === row) continue;
    if (index.rowOf.get(id) === row) index.rowOf.remove(row);
    index.dropRow(row);
  }
  for (const row of latest.values()) index.rowOf.add(row);
};
