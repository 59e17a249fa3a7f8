import { type Query, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refetchAfterChange } from '../../api/queryClient.ts';
import { uploadKey } from '../../api/uploads/useUpload.ts';
import { type FilesContext } from './filesContext.ts';
import { joinPath } from '../../core/uploadPaths.ts';
import { filesQueryKey } from '../../api/files/rawFile.ts';

/**
 * The raw path a files query reads: a lane's own (`[files, upload, kind, path, variant, ...]`) or, for
 * the child a lane resolves (`[..., 'resolve', key]`), the child's.
 */
const pathOfQuery = (key: readonly unknown[]): string | undefined => {
  const [, , , path, , step, child] = key;
  if (typeof path !== 'string') return undefined;
  return step === 'resolve' && typeof child === 'string' ? joinPath(path, child) : path;
};

const isAtOrBelow = (path: string, gone: string) => path === gone || path.startsWith(`${gone}/`);

/**
 * Reloads every lane of the browser (they share the upload's files query key) and the upload, which a
 * change of its files sends to processing again. The lanes of a path that is `gone` (deleted, moved
 * away) are only marked stale: asked again while still shown, they would answer 404, which the browser
 * logs as an error, before the page moves to the parent.
 */
export async function reloadFiles(queryClient: QueryClient, uploadId: string, gone?: string) {
  const readsGone = (query: Query) => {
    const path = pathOfQuery(query.queryKey);
    return gone !== undefined && path !== undefined && isAtOrBelow(path, gone);
  };
  const queryKey = filesQueryKey(uploadId);
  await queryClient.invalidateQueries({ queryKey, predicate: readsGone, refetchType: 'none' });
  await Promise.all([
    refetchAfterChange(queryClient, { queryKey, predicate: (query) => !readsGone(query) }),
    refetchAfterChange(queryClient, { queryKey: uploadKey(uploadId) }),
  ]);
}

function useReloadFiles(uploadId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (gone?: string) => void reloadFiles(queryClient, uploadId, gone),
    [queryClient, uploadId],
  );
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
  const options = { onSuccess: () => reload() };

  const remove = useMutation({
    mutationFn: (path: string) => api.call('uploadRawDelete', { params: { upload_id: uploadId, path } }),
    onSuccess: (_answer: unknown, path: string) => reload(path),
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
    onSuccess: (_answer: unknown, { mode, source }: CopyOrMove) =>
      reload(mode === 'move' ? source : undefined),
  });
  return { remove, createFolder, copyOrMove, reload };
}
