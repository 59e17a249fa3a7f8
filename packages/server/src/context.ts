import type { OasisConfig } from './config/config.ts';
import type { Database } from './db/database.ts';

/** What every route module gets: the configuration and the database; services hang off these. */
export interface AppContext {
  config: OasisConfig;
  db: Database;
  /** Wakes the processing worker after a job was queued; a no-op when no worker runs. */
  notifyJobQueued: () => void;
}
