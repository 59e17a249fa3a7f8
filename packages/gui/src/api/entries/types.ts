import type {
  ArchiveQueryResponse,
  EntryArchive,
  EntryMetadata,
  EntryResponse,
  EntryResults,
  ProcessingLog,
} from '@oasis/schema';

/*
 * The schema's API types leave an entry's `results` and an archive open (any object); the entry page
 * reads them as the types derived from the metainfo definitions, and this is the one place that says so.
 */

/** The metadata of `GET entries/{id}` as the entry page reads it. */
export type EntryData = Omit<EntryMetadata, 'entry_id' | 'results'> & {
  entry_id: string;
  results?: EntryResults;
};

export function entryData(response: EntryResponse): EntryData {
  const data = response.data as Omit<EntryData, 'entry_id'> & { entry_id?: string };
  // The answer names the entry at its top level too, in case the metadata does not.
  return { ...data, entry_id: data.entry_id ?? response.entry_id };
}

/**
 * One line of an archive's processing_logs. An archive from elsewhere (a NOMAD upload) may lack any of
 * its fields and carries levels this server does not write (DEBUG, CRITICAL).
 */
export type LogEntry = Partial<Omit<ProcessingLog, 'level'>> & { level?: string };

/** An archive as `POST entries/{id}/archive/query` sends it: the definitions' sections and the logs. */
export type ArchiveData = EntryArchive & { processing_logs?: readonly LogEntry[] };

export function archiveData(response: ArchiveQueryResponse): ArchiveData {
  return response.data.archive as ArchiveData;
}

/** The archive as the overview's plots see it: not needed, on its way, failed, or there. */
export type ArchiveState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; archive: EntryArchive };
