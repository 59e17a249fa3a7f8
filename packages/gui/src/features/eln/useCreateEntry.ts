import { ApiError } from '@oasis/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';
import { putArchiveFile } from './putArchiveFile.ts';
import { entryTypesOf, newEntryArchive, newEntryFileName, type CustomSchema } from './schemaChoices.ts';

/** The answer's text when the name is taken (spec 3 §8). */
export const isExistingPath = (error: unknown) =>
  error instanceof ApiError && (error.apiMessage ?? '').startsWith('The provided path already exists');

/** The entry types the upload's schema files define (at most 100 schema files). */
export function useCustomSchemas(uploadId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['uploads', uploadId, 'custom-schemas'],
    enabled,
    queryFn: async (): Promise<CustomSchema[]> => {
      const found = await api.call('entriesArchiveQuery', {
        body: {
          owner: 'visible',
          query: { upload_id: uploadId, entry_type: 'Schema' },
          pagination: { page_size: 100 },
          required: { definitions: '*', metadata: { mainfile: '*' } },
        },
      });
      return found.data.flatMap((entry) => {
        const archive = entry.archive as { definitions?: unknown; metadata?: { mainfile?: string } };
        const mainfile = archive.metadata?.mainfile;
        return mainfile ? entryTypesOf(archive.definitions, mainfile, entry.entry_id) : [];
      });
    },
  });
}

/**
 * Writes `{name}.archive.json` at the upload's root with data of the chosen section, not over an
 * existing file, and waits for it to be processed; answers with the new entry's id.
 */
export function useCreateEntry(uploadId: string) {
  const api = useApi();
  return useMutation({
    // The dialogs show what went wrong ('Entry already exists', the conflict, other errors).
    meta: { silent: true },
    mutationFn: async ({
      name,
      mDef,
      template,
    }: {
      name: string;
      mDef: string;
      template?: Record<string, unknown>;
    }) => {
      const answer = await putArchiveFile(
        api,
        { uploadId, dir: '', name: newEntryFileName(name) },
        newEntryArchive(mDef, template),
        { overwrite_if_exists: false },
      );
      const processing = answer.processing as { entry_id?: string } | undefined;
      return processing?.entry_id;
    },
  });
}
