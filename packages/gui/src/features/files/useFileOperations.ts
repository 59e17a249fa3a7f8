import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refetchAfterChange } from '../../api/queryClient.ts';
import { uploadKey } from '../uploads/useUpload.ts';
import { filesQueryKey, joinPath, type FilesContext } from './filesContext.ts';

/**
 * Reloads every lane of the browser (they all share the upload's files query key) and the upload, which
 * a change of its files sends to processing again.
 */
function useReloadFiles(uploadId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void refetchAfterChange(queryClient, { queryKey: filesQueryKey(uploadId) });
    void refetchAfterChange(queryClient, { queryKey: uploadKey(uploadId) });
  }, [queryClient, uploadId]);
}

export interface CopyOrMove {
  mode: 'copy' | 'move';
  source: string;
  targetFolder: string;
  fileName: string;
}

/** The changes a writer can make to an unpublished upload's files (spec 3 §6, §7). */
export function useFileOperations(ctx: FilesContext) {
  const { api, uploadId } = ctx;
  const reload = useReloadFiles(uploadId);
  // Failures go to the snackbar through the query client's global handler.
  const options = { onSuccess: reload };

  const remove = useMutation({
    mutationFn: (path: string) => api.call('uploadRawDelete', { params: { upload_id: uploadId, path } }),
    ...options,
  });
  const createFolder = useMutation({
    mutationFn: ({ folder, name }: { folder: string; name: string }) =>
      api.call('uploadRawCreateDir', { params: { upload_id: uploadId, path: joinPath(folder, name) } }),
    ...options,
  });
  const copyOrMove = useMutation({
    mutationFn: ({ mode, source, targetFolder, fileName }: CopyOrMove) =>
      api.call('uploadRawPut', {
        params: { upload_id: uploadId, path: targetFolder },
        query: { copy_or_move: mode, copy_or_move_source_path: source, file_name: fileName },
      }),
    ...options,
  });
  return { remove, createFolder, copyOrMove, reload };
}
