import type { ApiClient } from '../../api/client.ts';

/**
 * Writes an archive as the JSON file `name` into `dir` of an upload and waits for it to be processed
 * (PUT raw with wait_for_processing); `query` adds the write's conditions (entry_hash,
 * overwrite_if_exists). Saving a notebook and creating an entry both write this way.
 */
export const putArchiveFile = (
  api: ApiClient,
  { uploadId, dir, name }: { uploadId: string; dir: string; name: string },
  archive: Record<string, unknown>,
  query: { entry_hash?: string; overwrite_if_exists?: boolean } = {},
) =>
  api.upload(
    'uploadRawPut',
    new File([JSON.stringify(archive, null, 2)], name, { type: 'application/json' }),
    {
      params: { upload_id: uploadId, path: dir },
      query: { file_name: name, wait_for_processing: true, ...query },
    },
  );
