import { ApiError } from '@oasis/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';
import { putArchiveFile } from './putArchiveFile.ts';
import { baseName, parentOf } from '../../core/uploadPaths.ts';

export interface SaveTarget {
  uploadId: string;
  entryId: string;
  mainfile: string;
  /** The mainfile's hash when the shown archive was processed: a file changed since is not overwritten. */
  entryHash: string | undefined;
}

/** True for the answer to a save whose file changed since it was read (409). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Writes the edited archive (its definitions, if the file has them, and data) over the entry's mainfile
 * and waits for it to be processed, as NOMAD's editor does: PUT raw with wait_for_processing and the
 * entry_hash the archive was read at, in the mainfile's own format (YAML or JSON).
 */
export function useEntrySave(target: SaveTarget) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The dialogs show what went wrong ('Entry already exists', the conflict, other errors).
    meta: { silent: true },
    mutationFn: (archive: Record<string, unknown>) =>
      putArchiveFile(
        api,
        { uploadId: target.uploadId, dir: parentOf(target.mainfile), name: baseName(target.mainfile) },
        archive,
        target.entryHash ? { entry_hash: target.entryHash } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['entries', target.entryId] }),
  });
}
