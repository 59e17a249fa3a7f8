import { useCallback, useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useErrors } from '../../app/errors.tsx';

export interface FileUploadState {
  /** The file being sent, undefined when idle. */
  fileName?: string;
  /** 0..100, undefined while the size is unknown. */
  percent?: number;
}

/**
 * Sends dropped files one after the other into the upload's root folder (`PUT uploads/{id}/raw/`),
 * reporting the progress of the current one; `onDone` runs after the last file.
 */
export function useFileUpload(uploadId: string, onDone: () => void) {
  const api = useApi();
  const { raiseError } = useErrors();
  const [state, setState] = useState<FileUploadState>({});

  const uploadFiles = useCallback(
    async (files: readonly File[]) => {
      try {
        for (const file of files) {
          setState({ fileName: file.name, percent: 0 });
          const into = { params: { upload_id: uploadId, path: '' }, query: { file_name: file.name } };
          await api.upload('uploadRawPut', file, into, {
            onProgress: (progress) => setState({ fileName: file.name, percent: progress.percent }),
          });
        }
      } catch (error) {
        raiseError(error);
      } finally {
        setState({});
        onDone();
      }
    },
    [api, uploadId, raiseError, onDone],
  );

  return { state, uploading: state.fileName !== undefined, uploadFiles };
}
