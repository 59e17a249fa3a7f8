import { parseJson } from '@oasis/client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider.tsx';
import { isSection, type ArchiveSection } from './model.ts';

/** The whole archive as the browser shows it: parsed, or the plain text when it is not valid JSON. */
export type ArchiveDocument =
  { valid: true; archive: ArchiveSection; response: unknown } | { valid: false; text: string };

/** The request behind the data tab (also shown in its API dialog). */
export const ARCHIVE_REQUEST = { required: '*' } as const;

/** Reads the answer as text first, so that invalid JSON can still be shown as plain text. */
export function readArchiveDocument(text: string): ArchiveDocument {
  let response: unknown;
  try {
    response = parseJson(text);
  } catch {
    return { valid: false, text };
  }
  const data = isSection(response) && isSection(response.data) ? response.data : undefined;
  const archive = data && isSection(data.archive) ? data.archive : undefined;
  return archive ? { valid: true, archive, response } : { valid: false, text };
}

/** `POST entries/{id}/archive/query` with required '*'. */
export function useArchiveDocument(entryId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['entries', entryId, 'archive', 'document'],
    queryFn: async ({ signal }) => {
      const text = (await api.call(
        'entryArchiveQuery',
        { params: { entry_id: entryId }, body: ARCHIVE_REQUEST },
        { responseType: 'text', signal },
      )) as unknown as string;
      return readArchiveDocument(text);
    },
    meta: { silent: true },
    retry: false,
  });
}
