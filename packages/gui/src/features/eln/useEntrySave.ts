import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';
import { ApiError } from '../../api/errors.ts';

export interface SaveTarget {
  uploadId: string;
  entryId: string;
  mainfile: string;
  /** The mainfile's hash when the shown archive was processed: a file changed since is not overwritten. */
  entryHash: string | undefined;
}

/** The folder and name of a mainfile ('a/b/x.archive.json' → 'a/b', 'x.archive.json'). */
const splitPath = (mainfile: string) => {
  const slash = mainfile.lastIndexOf('/');
  return slash < 0
    ? { dir: '', name: mainfile }
    : { dir: mainfile.slice(0, slash), name: mainfile.slice(slash + 1) };
};

/** True for the answer to a save whose file changed since it was read (409). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Writes the edited archive (its definitions, if the file has them, and data) over the entry's mainfile
 * and waits for it to be processed, as NOMAD's editor does: PUT raw with wait_for_processing and the
 * entry_hash the archive was read at. JSON is written for YAML files too (YAML reads it).
 */
export function useEntrySave(target: SaveTarget) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The dialogs show what went wrong ('Entry already exists', the conflict, other errors).
    meta: { silent: true },
    mutationFn: (archive: Record<string, unknown>) => {
      const { dir, name } = splitPath(target.mainfile);
      const file = new File([JSON.stringify(archive, null, 2)], name, { type: 'application/json' });
      return api.upload('uploadRawPut', file, {
        params: { upload_id: target.uploadId, path: dir },
        query: {
          file_name: name,
          wait_for_processing: true,
          ...(target.entryHash ? { entry_hash: target.entryHash } : {}),
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['entries', target.entryId] }),
  });
}
