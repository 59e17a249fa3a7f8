import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadResponse } from '@oasis/schema';
import { useApi } from '../../api/ApiProvider.tsx';
import { uploadKey } from '../../api/uploads/useUpload.ts';

/** What the upload page changes on the whole upload; each answer is the upload, which is then re-read. */
export function useUploadActions(uploadId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const params = { upload_id: uploadId };
  // The answers carry the new state (e.g. processing started); the page reads it, and the lists, again.
  const onSuccess = (response: UploadResponse) => {
    queryClient.setQueryData(uploadKey(uploadId), response);
    return queryClient.invalidateQueries({ queryKey: ['uploads'] });
  };

  const rename = useMutation({
    mutationFn: (uploadName: string) =>
      api.call('uploadEdit', { params, body: { metadata: { upload_name: uploadName } } }),
    onSuccess,
  });
  const reprocess = useMutation({
    mutationFn: () => api.call('uploadProcess', { params }),
    onSuccess,
  });
  /** Deletes the mainfiles of the entries (and so the entries), optionally with their folders. */
  const deleteEntries = useMutation({
    mutationFn: ({ query, withFolders }: { query: Record<string, unknown>; withFolders: boolean }) =>
      api.call('uploadDeleteEntryFiles', { params, body: { query, include_parent_folders: withFolders } }),
    onSuccess,
  });
  return { rename, reprocess, deleteEntries };
}
