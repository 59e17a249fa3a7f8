import type { Database } from '../../db/database.ts';
import { entrySearchQuantities } from '../quantities.ts';
import { SearchIndex } from './search-index.ts';
import { IndexSync } from './sync.ts';

/** The in-memory search index of one database and what keeps it current. */
export interface SearchEngine {
  readonly index: SearchIndex;
  /** Reads the changes since the last call; every search calls it first. */
  sync(): Promise<void>;
}

export const createSearchEngine = (db: Database): SearchEngine => {
  const index = new SearchIndex(entrySearchQuantities);
  const sync = new IndexSync(db, index);
  return { index, sync: () => sync.sync() };
};
