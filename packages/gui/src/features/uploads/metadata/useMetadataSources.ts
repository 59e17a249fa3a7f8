import type { ApiClient } from '@oasis/client';
import type { Dataset, UploadEntry } from '@oasis/schema';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { DatasetItem } from './metadataEdits.ts';

/** How many of the user's datasets the dialog offers (spec 3 §9), and entries asked for per request. */
const PAGE_SIZE = 1000;

async function allEntries(api: ApiClient, uploadId: string): Promise<UploadEntry[]> {
  const entries: UploadEntry[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.call('uploadEntries', {
      params: { upload_id: uploadId },
      query: { page, page_size: PAGE_SIZE },
    });
    entries.push(...answer.data);
    if (answer.data.length === 0 || entries.length >= answer.pagination.total) return entries;
  }
}

/** What the edited entries have now: the values the staged changes start from. */
export interface MetadataOriginal {
  comment: string;
  references: string[];
  datasets: DatasetItem[];
  /** Entries edited, of how many in the upload. */
  selected: number;
  total: number;
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * As NOMAD: the first entry's comment, all references of the entries, and those of the user's datasets
 * that hold any of them (only these can be taken out again by the user).
 */
function originalOf(entries: readonly UploadEntry[], total: number, userDatasets: readonly Dataset[]) {
  const metadata = entries.map((entry) => entry.entry_metadata ?? {});
  const datasetIds = new Set(metadata.flatMap((m) => (m.datasets ?? []).map(({ dataset_id }) => dataset_id)));
  return {
    comment: metadata[0]?.comment ?? '',
    references: unique(metadata.flatMap((m) => m.references ?? [])),
    datasets: userDatasets.filter(({ dataset_id }) => datasetIds.has(dataset_id)),
    selected: entries.length,
    total,
  } satisfies MetadataOriginal;
}

/** The edited entries (all of the upload's without `entryIds`) and the user's datasets, loaded afresh. */
export function useMetadataSources(
  uploadId: string,
  entryIds: readonly string[] | undefined,
  userId: string,
) {
  const api = useApi();
  const entries = useQuery({
    queryKey: ['uploads', 'upload', uploadId, 'entries-to-edit'],
    queryFn: () => allEntries(api, uploadId),
    staleTime: 0,
  });
  const datasets = useQuery({
    queryKey: ['datasets', 'of-user', userId],
    queryFn: () => api.call('datasetsList', { query: { page: 1, page_size: PAGE_SIZE, user_id: userId } }),
    staleTime: 0,
  });
  const userDatasets = datasets.data?.data ?? [];
  if (!entries.data || !datasets.data) {
    return { userDatasets, original: undefined, failed: entries.isError || datasets.isError };
  }
  const edited = entryIds ? entries.data.filter(({ entry_id }) => entryIds.includes(entry_id)) : entries.data;
  return { userDatasets, original: originalOf(edited, entries.data.length, userDatasets), failed: false };
}
