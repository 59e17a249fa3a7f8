import type { ApiClient } from '@oasis/client';

const isYamlFile = (name: string) => /\.ya?ml$/i.test(name);

/**
 * The file's text in its own format: YAML for a `.yaml`/`.yml` mainfile (spec 1 §7: the body is sent as
 * YAML when the mainfile is YAML), JSON otherwise. YAML's writer is loaded only when a YAML file is saved.
 */
export const archiveFileText = async (name: string, archive: Record<string, unknown>) => {
  if (!isYamlFile(name)) return { text: JSON.stringify(archive, null, 2), type: 'application/json' };
  const { stringify } = await import('yaml');
  return { text: stringify(archive, { aliasDuplicateObjects: false }), type: 'application/yaml' };
};

/**
 * Writes an archive as the file `name` into `dir` of an upload and waits for it to be processed
 * (PUT raw with wait_for_processing); `query` adds the write's conditions (entry_hash,
 * overwrite_if_exists). Saving a notebook and creating an entry both write this way.
 */
export const putArchiveFile = async (
  api: ApiClient,
  { uploadId, dir, name }: { uploadId: string; dir: string; name: string },
  archive: Record<string, unknown>,
  query: { entry_hash?: string; overwrite_if_exists?: boolean } = {},
) => {
  const { text, type } = await archiveFileText(name, archive);
  return api.upload('uploadRawPut', new File([text], name, { type }), {
    params: { upload_id: uploadId, path: dir },
    query: { file_name: name, wait_for_processing: true, ...query },
  });
};
