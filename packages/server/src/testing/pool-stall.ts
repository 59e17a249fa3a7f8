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
  /** Cheap reads answered while the work ran: a pool the work held throughout answers none. */
  stats: number;
  /** Turns of the event loop the tick probe saw while the work ran: a loop held throughout shows none. */
  ticks: number;
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
 * event loop (a setImmediate every millisecond), and counting what the work puts on the pool. Everything it
 * reports is a count: a busy machine stretches every wait, so waits measured in time belong in benchmarks.
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
  let stats = 0;
  let ticks = 0;
  let mostFileRequests = 0;
  const statProbe = (async () => {
    while (running) {
      const handle = await probe(() => open(import.meta.filename, 'r'));
      await probe(() => handle.stat());
      await probe(() => handle.close());
      if (running) stats++;
      // A pause between probes, so that probing does not slow the work it watches.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const tickProbe = (async () => {
    while (running) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (running) ticks++;
      const fileRequests = process.getActiveResourcesInfo().filter((name) => name.startsWith('FSReq'));
      mostFileRequests = Math.max(mostFileRequests, fileRequests.length);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const result = await work().catch((error: unknown) => error);
  running = false;
  // The probes under way end before the counters are read.
  await Promise.all([statProbe, tickProbe]);
  counter.disable();
  return { stats, ticks, mostFileRequests, poolRequests, result };
};
