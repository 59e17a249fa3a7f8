import type { ApiClient } from '@oasis/client';

/** The query key prefix of everything a browser of `uploadId` loaded: invalidate it after a change. */
export const filesQueryKey = (uploadId: string) => ['files', uploadId] as const;

export const TEXT_CHUNK_BYTES = 16384;

export interface RawSource {
  api: ApiClient;
  uploadId: string;
  path: string;
}

/** The query key of a whole raw file's content (image, JSON, PDF and CIF previews). */
export const rawFileKey = ({ uploadId, path }: RawSource, kind: string) => [
  ...filesQueryKey(uploadId),
  'content',
  kind,
  path,
];

/** A whole raw file (previews below their viewer's limit only). */
export async function fetchRawBlob({ api, uploadId, path }: RawSource, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await api.file(
    'uploadRawFile',
    { params: { upload_id: uploadId, path }, query: { ignore_mime_type: true } },
    { signal },
  );
  return blob;
}

/** One 16384-byte chunk of a (decompressed) raw file, as the text viewer loads them (spec 3 §7). */
export async function fetchTextChunk(
  { api, uploadId, path }: RawSource,
  offset: number,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const { blob } = await api.file(
    'uploadRawFile',
    {
      params: { upload_id: uploadId, path },
      query: { offset, length: TEXT_CHUNK_BYTES, decompress: true, ignore_mime_type: true },
    },
    { signal },
  );
  return blob.arrayBuffer();
}

/** Decodes chunks in order as one UTF-8 stream, so characters split across chunks stay whole. */
export function decodeChunks(chunks: readonly ArrayBuffer[]): string {
  const decoder = new TextDecoder('utf-8');
  return chunks.map((chunk, index) => decoder.decode(chunk, { stream: index < chunks.length - 1 })).join('');
}
