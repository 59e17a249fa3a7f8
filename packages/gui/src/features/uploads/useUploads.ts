import { buildQuery } from '@oasis/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath, operations, type Upload, type UploadsResponse } from '@oasis/schema';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useErrors } from '../../core/errors.tsx';
import { isPageOutOfRange, pageParams, type PageState } from '../../core/pagination.ts';

/** Table columns that can be sorted, and the `order_by` each one sends. */
export const UPLOAD_SORT_KEYS = {
  upload_create_time: 'upload_create_time',
  upload_name: 'upload_name',
  process_status: 'process_status',
  // The published flag itself is not sortable on the server; its time is.
  published: 'publish_time',
} as const;

const DELETE_POLL_MS = 2000;

const isBeingDeleted = (upload: Upload) =>
  upload.current_process === 'delete_upload' &&
  (upload.process_status === 'PENDING' || upload.process_status === 'RUNNING');

/** The list is asked again every 2 s while an upload on it is still being deleted (spec 3 §4). */
export const deletionPollInterval = (response: UploadsResponse | undefined): number | false =>
  response?.data.some(isBeingDeleted) ? DELETE_POLL_MS : false;

const DEFAULT_PAGE: PageState = { page: 1, pageSize: 10, orderBy: 'upload_create_time', order: 'desc' };

const uploadsKey = (state: PageState) => ['uploads', 'list', state] as const;

/** The user's uploads, one page at a time, with the page-out-of-range fallback to page 1. */
export function useUploadsList() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [pageState, setPageState] = useState<PageState>(DEFAULT_PAGE);
  const query = useQuery({
    queryKey: uploadsKey(pageState),
    queryFn: async () => {
      const fetchPage = (state: PageState) => api.call('uploadsList', { query: pageParams(state) });
      try {
        return await fetchPage(pageState);
      } catch (error) {
        if (!isPageOutOfRange(error, pageState.page)) throw error;
        const first = { ...pageState, page: 1 };
        const response = await fetchPage(first);
        // Seeded so that switching the state to page 1 shows this answer instead of asking again.
        queryClient.setQueryData(uploadsKey(first), response);
        setPageState(first);
        return response;
      }
    },
    placeholderData: (previous) => previous,
    // Deleting runs in the background; the list is refreshed until the deleted uploads are gone.
    refetchInterval: (current) => deletionPollInterval(current.state.data),
  });
  // For the API dialog: the request behind the shown page.
  const requestUrl = `${api.apiBase}/${fillPath(operations.uploadsList.path).replace(/^\/+/, '')}${buildQuery(pageParams(pageState))}`;
  return { query, pageState, setPageState, requestUrl };
}

/** Number of unpublished uploads of the user as main author, for the upload limit. */
export function useUnpublishedUploadsCount() {
  const api = useApi();
  return useQuery({
    queryKey: ['uploads', 'unpublished-count'],
    queryFn: async () => {
      const response = await api.call('uploadsList', {
        // Only the total is needed: no rows.
        query: { is_published: false, roles: ['main_author'], page_size: 0 },
      });
      return response.pagination.total;
    },
  });
}

/** Creates an empty upload, or one filled with an example upload (by its entry point id). */
export function useCreateUpload() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exampleUploadId?: string) =>
      api.call('uploadCreate', exampleUploadId ? { query: { example_upload_id: exampleUploadId } } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['uploads'] }),
  });
}

/** The shell commands that upload with the user's upload token. */
export function useCommandExamples() {
  const api = useApi();
  return useQuery({
    queryKey: ['uploads', 'command-examples'],
    queryFn: () => api.call('uploadCommandExamples'),
    staleTime: Infinity,
  });
}

/**
 * Deletes several uploads at once. Each is asked for on its own; every failure is reported on its own,
 * and the others still go ahead (spec 3 §8).
 */
export function useDeleteUploads() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { raiseError } = useErrors();
  return useMutation({
    mutationFn: async (uploadIds: readonly string[]) => {
      const results = await Promise.allSettled(
        uploadIds.map((uploadId) => api.call('uploadDelete', { params: { upload_id: uploadId } })),
      );
      for (const result of results) {
        if (result.status === 'rejected') raiseError(result.reason);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['uploads'] }),
  });
}
