import { createContext, useContext } from 'react';
import type { Definitions } from './elnModel.ts';

/** What widgets beyond a single value need: where the entry is, and its schema (references, creating). */
export interface ElnEntry {
  uploadId: string;
  entryId: string;
  /** The entry's mainfile: files a notebook field uploads go beside it. */
  mainfile: string;
  definitions: Definitions;
}

export const ElnEntryContext = createContext<ElnEntry | undefined>(undefined);

export function useElnEntry(): ElnEntry {
  const entry = useContext(ElnEntryContext);
  if (!entry) throw new Error('useElnEntry needs an ElnEntryContext (ElnCard provides it)');
  return entry;
}
