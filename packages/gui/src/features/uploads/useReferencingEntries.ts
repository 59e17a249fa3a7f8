import { useQuery } from '@tanstack/react-query';
import type { EntryMetadata } from '@oasis/schema';
import { useApi } from '../../api/ApiProvider.tsx';

/** What is about to be deleted: some entries, or whole uploads. */
export type DeletionTarget =
  { kind: 'entries'; ids: readonly string[] } | { kind: 'uploads'; ids: readonly string[] };

interface EntryReference {
  target_entry_id?: string;
  target_mainfile?: string;
  target_upload_id?: string;
}

export interface ReferencingEntries {
  /** Deleted entries that other entries refer to, once each. */
  references: EntryReference[];
  /** Entries that stay and will refer to something that is gone. */
  broken: EntryMetadata[];
}

const NONE: ReferencingEntries = { references: [], broken: [] };

/** entry_references is one of the metadata fields the contract leaves open; only objects are kept. */
const referencesOf = (entry: EntryMetadata): EntryReference[] => {
  const references = (entry as Record<string, unknown>).entry_references;
  return Array.isArray(references)
    ? references.filter((item): item is EntryReference => typeof item === 'object' && item !== null)
    : [];
};

/** Splits the answer into the references that break and the entries that keep them (spec 3 §8). */
function splitReferences(target: DeletionTarget, entries: readonly EntryMetadata[]): ReferencingEntries {
  const deleted = new Set(target.ids);
  const isDeleted = (entryId?: string, uploadId?: string) =>
    target.kind === 'entries' ? deleted.has(entryId ?? '') : deleted.has(uploadId ?? '');
  const broken = entries.filter((entry) => !isDeleted(entry.entry_id, entry.upload_id));
  const targets = new Map<string, EntryReference>();
  for (const reference of broken.flatMap(referencesOf)) {
    const id = reference.target_entry_id;
    if (id && isDeleted(id, reference.target_upload_id) && !targets.has(id)) targets.set(id, reference);
  }
  return { references: [...targets.values()], broken };
}

/**
 * Entries that refer to what is about to be deleted (`POST entries/query` on entry_references, as NOMAD's
 * delete dialogs ask), asked for only while the dialog is open.
 */
export function useReferencingEntries(target: DeletionTarget, open: boolean) {
  const api = useApi();
  const field = target.kind === 'entries' ? 'target_entry_id:any' : 'target_upload_id:any';
  const query = useQuery({
    queryKey: ['entries', 'referencing', target.kind, [...target.ids]],
    queryFn: () =>
      api.call('entriesQuery', {
        body: { owner: 'visible', query: { entry_references: { [field]: [...target.ids] } } },
      }),
    enabled: open && target.ids.length > 0,
    staleTime: 0,
  });
  return query.data ? splitReferences(target, query.data.data) : NONE;
}
