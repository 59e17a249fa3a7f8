import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchRawBlob, rawFileKey, type RawSource } from '../../../api/files/rawFile.ts';

/** An image, fetched with the caller's rights and shown from a blob URL; a decode error is a failure. */
export function ImagePreview({ source, onFail }: { source: RawSource; onFail: () => void }) {
  const query = useQuery({
    queryKey: rawFileKey(source, 'blob'),
    // A failure shows 'Failed to open with image viewer' with the fall-back to text.
    meta: { silent: true },
    queryFn: ({ signal }) => fetchRawBlob(source, signal),
  });
  const [url, setUrl] = useState<string>();
  const blob = query.data;
  useEffect(() => {
    if (!blob) return undefined;
    // An SVG shown through <img> runs no scripts; the extension decides the type the browser tries.
    const typed = source.path.toLowerCase().endsWith('.svg')
      ? new Blob([blob], { type: 'image/svg+xml' })
      : blob;
    const objectUrl = URL.createObjectURL(typed);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, source.path]);
  useEffect(() => {
    if (query.isError) onFail();
  }, [query.isError, onFail]);
  if (!url) return <CircularProgress size={20} />;
  return (
    <img
      src={url}
      alt={source.path}
      onError={onFail}
      style={{ maxWidth: '100%' }}
      data-testid="image-preview"
    />
  );
}
