import { DoesNotExist } from '@oasis/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../ApiProvider.tsx';
import { refetchAfterChange } from '../queryClient.ts';
import { isPageOutOfRange, pageParams, type PageState } from '../../core/pagination.ts';
import { filesQueryKey } from '../files/rawFile.ts';

/** Processing is followed by asking again, waiting this long after each answer (spec 1 §4). */
const PROCESSING_POLL_MS = 1000;

/** Entry states that processing will still change. */
const UNFINISHED = new Set(['PENDING', 'RUNNING']);

const DEFAULT_ENTRIES_PAGE: PageState = { page: 1, pageSize: 5, orderBy: 'process_status', order: 'asc' };

export const uploadKey = (uploadId: string) => ['uploads', 'upload', uploadId] as const;
// Apart from the upload's key: refreshing the upload while it processes need not ask for the README.
const readmeKey = (uploadId: string) => ['uploads', 'readme', uploadId] as const;

/**
 * One upload (`GET uploads/{id}`) and a page of its entries (`GET uploads/{id}/entries`). While the
 * upload is processing both are refreshed, one second after the previous answer arrived.
 */
export function useUpload(uploadId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [entriesPage, setEntriesPage] = useState<PageState>(DEFAULT_ENTRIES_PAGE);
  // Refreshes while processing do not flash the global progress bar; the banner says what is going on.
  const polling = useRef(false);
  const options = () => ({ noLoading: polling.current });

  const upload = useQuery({
    queryKey: uploadKey(uploadId),
    queryFn: () => api.call('uploadById', { params: { upload_id: uploadId } }, options()),
    // The page shows load failures itself (e.g. a missing upload).
    meta: { silent: true },
    retry: false,
  });

  const entriesKey = (state: PageState) => [...uploadKey(uploadId), 'entries', state] as const;
  const entries = useQuery({
    queryKey: entriesKey(entriesPage),
    queryFn: async () => {
      const params = { upload_id: uploadId };
      try {
        return await api.call('uploadEntries', { params, query: pageParams(entriesPage) }, options());
      } catch (error) {
        if (!isPageOutOfRange(error, entriesPage.page)) throw error;
        const first = { ...entriesPage, page: 1 };
        const response = await api.call('uploadEntries', { params, query: pageParams(first) }, options());
        // Seeded so that switching the state to page 1 shows this answer instead of asking again.
        queryClient.setQueryData(entriesKey(first), response);
        setEntriesPage(first);
        return response;
      }
    },
    enabled: upload.isSuccess,
    placeholderData: (previous) => previous,
  });

  // Entries shown as still pending or running are followed too: their page may have been answered just
  // before the upload's own answer said that processing had ended.
  const running =
    upload.data?.data.process_running === true ||
    (entries.data?.data.some((entry) => UNFINISHED.has(entry.process_status ?? '')) ?? false);
  const { dataUpdatedAt } = upload;
  const wasRunning = useRef(false);
  useEffect(() => {
    polling.current = running;
    const finished = wasRunning.current && !running;
    wasRunning.current = running;
    if (finished) {
      // The last poll asked for the upload and its entries at once; the entries' answer may predate the
      // end of processing, so they are asked for once more after the upload says it is done. The file
      // browser's lanes learn the files' new entries and parsers.
      void refetchAfterChange(queryClient, { queryKey: [...uploadKey(uploadId), 'entries'] });
      void refetchAfterChange(queryClient, { queryKey: filesQueryKey(uploadId) });
    }
    if (!running) return;
    // The upload and its entries only: an open members or metadata dialog keeps what it loaded.
    const timer = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: uploadKey(uploadId), exact: true });
      void queryClient.invalidateQueries({ queryKey: [...uploadKey(uploadId), 'entries'] });
    }, PROCESSING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [running, dataUpdatedAt, entries.dataUpdatedAt, uploadId, queryClient]);

  const reload = useCallback(
    () =>
      Promise.all([
        refetchAfterChange(queryClient, { queryKey: uploadKey(uploadId) }),
        refetchAfterChange(queryClient, { queryKey: readmeKey(uploadId) }),
      ]),
    [queryClient, uploadId],
  );

  return { upload, entries, entriesPage, setEntriesPage, reload };
}

export function useDeleteUpload(uploadId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('uploadDelete', { params: { upload_id: uploadId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: uploadKey(uploadId) });
      return queryClient.invalidateQueries({ queryKey: ['uploads', 'list'] });
    },
  });
}

/** Root entries looked through for README.md; an upload with more asks for the file itself. */
const README_LOOKUP = 500;

/**
 * The upload's README.md as text, null when there is none (a missing one is no error, spec 3 §7). The
 * root listing says first whether there is one, so that an upload without it causes no 404 (which the
 * browser logs as an error).
 */
export function useReadme(uploadId: string) {
  const api = useApi();
  return useQuery({
    queryKey: readmeKey(uploadId),
    queryFn: async () => {
      const root = await api.call('uploadRawDir', {
        params: { upload_id: uploadId, path: '' },
        query: { page_size: README_LOOKUP },
      });
      const content = root.directory_metadata?.content ?? [];
      const complete = (root.pagination?.total ?? content.length) <= content.length;
      if (complete && !content.some((item) => item.name === 'README.md' && item.is_file !== false))
        return null;
      // A raw file is no JSON operation: its link is read as text.
      const url = api.link('uploadRawFile', { params: { upload_id: uploadId, path: 'README.md' } });
      try {
        const text = await api.getJson(url, { responseType: 'text' });
        return typeof text === 'string' ? text : null;
      } catch (error) {
        if (error instanceof DoesNotExist) return null;
        throw error;
      }
    },
  });
}
