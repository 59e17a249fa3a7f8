import { createHook } from 'node:async_hooks';
import { open } from 'node:fs/promises';

/**
 * File-system requests in flight at once that work off libuv's pool may show: the probe's own read and
 * one call of the work (extraction writes a member at a time). A recursive delete with the promise API
 * has one per file.
 */
export const FEW_FILE_REQUESTS = 4;

/** Requests on the pool in all that work on the file-work threads may show: its few own on the server's side. */
export const FEW_POOL_REQUESTS = 20;

/** Async resources of requests on libuv's thread pool. */
const POOL_REQUESTS = /^(FSREQCALLBACK|FSREQPROMISE|ZLIB)$/;

/** What `poolStall` saw while the work ran. */
export interface PoolStall {
  /** How long the work took. */
  ms: number;
  /**
   * The longest wait of one cheap file read (open, stat, close: what serving a small static file asks of
   * libuv's thread pool): how long the pool was held by the work.
   */
  longestStat: number;
  /** The longest wait of one setImmediate (asked every millisecond): how long the event loop was held. */
  longestTick: number;
  /** Cheap reads answered while the work ran. */
  stats: number;
  /**
   * The most file-system requests this process had on libuv's pool at once (sampled with each tick, the
   * probe's own read included): a recursive delete with the promise API has one per file in flight, the
   * file-work threads none. A count, so a busy machine does not change it.
   */
  mostFileRequests: number;
  /**
   * The requests the work put on libuv's pool in all (file-system calls and zlib, the probe's own not
   * counted): one or more per file for work done with the promise API, a handful for the file-work
   * threads, whose calls are synchronous on their own thread. A count, so a busy machine does not change it.
   */
  poolRequests: number;
  /** The work's result, or its error. */
  result: unknown;
}

/**
 * Runs `work` while probing libuv's thread pool (a cheap file read every millisecond, one at a time) and the
 * event loop (a setImmediate every millisecond). Each of the read's calls queues behind what the work has
 * in flight on the pool, so a pool the work fills shows as a longest read about as long as the work itself. Tests compare the
 * waits with `ms` (a condition relative to the work), so a busy machine slows both alike.
 */
export const poolStall = async (work: () => Promise<unknown>): Promise<PoolStall> => {
  let poolRequests = 0;
  let probing = false;
  // A request's resource is made while the call that asks for it runs: the probe's own are told apart so.
  const counter = createHook({
    init(_id, type) {
      if (!probing && POOL_REQUESTS.test(type)) poolRequests++;
    },
  }).enable();
  const probe = <T>(call: () => Promise<T>): Promise<T> => {
    probing = true;
    try {
      return call();
    } finally {
      probing = false;
    }
  };
  let running = true;
  let longestStat = 0;
  let longestTick = 0;
  let stats = 0;
  let mostFileRequests = 0;
  const started = performance.now();
  const statProbe = (async () => {
    while (running) {
      const asked = performance.now();
      const handle = await probe(() => open(import.meta.filename, 'r'));
      await probe(() => handle.stat());
      await probe(() => handle.close());
      longestStat = Math.max(longestStat, performance.now() - asked);
      if (running) stats++;
      // A pause between probes, so that probing does not slow the work it watches.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const tickProbe = (async () => {
    while (running) {
      const asked = performance.now();
      await new Promise<void>((resolve) => setImmediate(resolve));
      longestTick = Math.max(longestTick, performance.now() - asked);
      const fileRequests = process.getActiveResourcesInfo().filter((name) => name.startsWith('FSReq'));
      mostFileRequests = Math.max(mostFileRequests, fileRequests.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const result = await work().catch((error: unknown) => error);
  const ms = performance.now() - started;
  running = false;
  // The read under way is waited for: if the work held the pool to its end, that read is the longest.
  await Promise.all([statProbe, tickProbe]);
  counter.disable();
  return { ms, longestStat, longestTick, stats, mostFileRequests, poolRequests, result };
};
