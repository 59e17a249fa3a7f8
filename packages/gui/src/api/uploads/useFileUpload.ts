import { ApiError } from '@oasis/client';
import { useCallback, useState } from 'react';
import { useApi } from '../ApiProvider.tsx';
import { useErrors } from '../../core/errors.tsx';

export interface FileUploadState {
  /** The file being sent, undefined when idle. */
  fileName?: string;
  /** 0..100, undefined while the size is unknown. */
  percent?: number;
}

/** A file of that name is already there: the user decides whether to replace it. */
export interface OverwriteQuestion {
  fileName: string;
  answer: (overwrite: boolean) => void;
}

/** The server's answer to a file that exists when overwrite_if_exists is false (spec 3 §8). */
const PATH_EXISTS = 'The provided path already exists and overwrite_if_exists is set to False.';

const isPathExists = (error: unknown) => error instanceof ApiError && error.apiMessage === PATH_EXISTS;

/**
 * Sends dropped files one after the other into a folder of the upload (`PUT uploads/{id}/raw/{folder}`,
 * the root by default),
 * reporting the progress of the current one; `onDone` runs after the last file. Files are never replaced
 * silently: the server is told not to overwrite, and when it says the file exists the user is asked.
 */
export function useFileUpload(uploadId: string, onDone: () => void, folder = '') {
  const api = useApi();
  const { raiseError } = useErrors();
  const [state, setState] = useState<FileUploadState>({});
  const [question, setQuestion] = useState<OverwriteQuestion | undefined>(undefined);

  const send = useCallback(
    (file: File, overwrite: boolean) => {
      setState({ fileName: file.name, percent: 0 });
      const into = {
        params: { upload_id: uploadId, path: folder },
        query: { file_name: file.name, overwrite_if_exists: overwrite },
      };
      return api.upload('uploadRawPut', file, into, {
        onProgress: (progress) => setState({ fileName: file.name, percent: progress.percent }),
      });
    },
    [api, uploadId, folder],
  );

  const ask = useCallback(
    (fileName: string) =>
      new Promise<boolean>((resolve) => {
        setQuestion({
          fileName,
          answer: (overwrite) => {
            setQuestion(undefined);
            resolve(overwrite);
          },
        });
      }),
    [],
  );

  /** Resolves to the names of the files that are in place afterwards: sent, or kept on 'No'. */
  const uploadFiles = useCallback(
    async (files: readonly File[]): Promise<string[]> => {
      const placed: string[] = [];
      try {
        for (const file of files) {
          try {
            await send(file, false);
          } catch (error) {
            if (!isPathExists(error)) throw error;
            // 'No' keeps the existing file and goes on with the next one.
            if (await ask(file.name)) await send(file, true);
          }
          placed.push(file.name);
        }
      } catch (error) {
        raiseError(error);
      } finally {
        setState({});
        onDone();
      }
      return placed;
    },
    [send, ask, raiseError, onDone],
  );

  return { state, uploading: state.fileName !== undefined, uploadFiles, question };
}
