import type { EntryArchive, EntryResults } from '@oasis/schema';
import { isRecord } from './archiveRefs.ts';

/**
 * The results section of a loaded archive. The metadata's results may lack the reference strings
 * (NOMAD's index keeps scalars only), so plots take their references from here when it exists.
 */
export function archiveResults(archive: EntryArchive): EntryResults | undefined {
  return isRecord(archive.results) ? archive.results : undefined;
}
