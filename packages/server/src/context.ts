import type { OasisConfig } from './config/config.ts';
import type { Database } from './db/database.ts';
import type { SearchEngine } from './search/engine/engine.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { Admission } from './admission/admission.ts';
import type { Clock } from './time/clock.ts';

import type { KeyedQueue } from './files/keyed-queue.ts';
import type { NorthHub } from './north/hub.ts';
import type { TrashEmptier } from './files/trash.ts';
import type { FileWorkers } from './files/file-work.ts';
import type { RelatedResources } from './resources/related-resources.ts';

/** What every route module gets: the configuration and the database; services hang off these. */
export interface AppContext {
  config: OasisConfig;
  db: Database;
  /** The in-memory search index over the database's entries. */
  search: SearchEngine;
  /** Wakes the processing worker after a job was queued; a no-op when no worker runs. */
  notifyJobQueued: () => void;
  /** Failed-login back-off, shared by every login and token path and (in the database) by all nodes. */
  loginLimiter: LoginLimiter;
  /** The queues heavy requests and password hashing wait in (admission/admission.ts). */
  admission: Admission;
  /** Writes of one upload path, one after another (a save's check and replacement are one step). */
  fileWrites: KeyedQueue;
  /** This process's name in job leases (jobs/node-lease.ts); a request's own jobs end with it. */
  node: string;
  /** The time embargo ends and other dated rules are decided by; tests move it. */
  clock: Clock;
  /** Deletes what was moved into the data directory's trash, off the shared thread pool; wake it after. */
  trash: TrashEmptier;
  /** Threads for bulk file operations (whole trees), off libuv's shared thread pool (files/file-work.ts). */
  fileWork: FileWorkers;
  /** The remote tools this process runs (north/hub.ts); empty when NORTH is off or has no tools. */
  north: NorthHub;
  /** What other databases hold of a material (the resources API), with what they answered lately. */
  resources: RelatedResources;
}
