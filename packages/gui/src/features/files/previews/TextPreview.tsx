import { Box, CircularProgress } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, type UIEvent } from 'react';
import { isScrolledToEnd } from '../../../components/lane-browser/texts.ts';
import { COULD_NOT_READ } from '../viewers.ts';
import { decodeChunks, fetchTextChunk, rawFileKey, type RawSource } from '../../../api/files/rawFile.ts';
import { TEXT_CHUNK_BYTES } from '../../../api/files/rawFile.ts';

/** Text in 16384-byte chunks; the next chunk loads when the user scrolls to the end (spec 3 §4, §9). */
export function TextPreview({ source }: { source: RawSource }) {
  const query = useInfiniteQuery({
    queryKey: rawFileKey(source, 'text'),
    queryFn: ({ pageParam, signal }) => fetchTextChunk(source, pageParam, signal),
    // A read failure is shown in the text itself (spec 3 §8).
    meta: { silent: true },
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.byteLength < TEXT_CHUNK_BYTES ? undefined : pages.length * TEXT_CHUNK_BYTES,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const text = useMemo(() => decodeChunks(data?.pages ?? []), [data]);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (hasNextPage && !isFetchingNextPage && !isError && isScrolledToEnd(event.currentTarget))
      void fetchNextPage();
  };
  if (query.isPending) return <CircularProgress size={20} />;
  return (
    <Box
      data-testid="text-preview"
      onScroll={onScroll}
      sx={{
        overflow: 'auto',
        maxHeight: 520,
        fontFamily: 'monospace',
        fontSize: 12,
        whiteSpace: 'pre',
        m: 0,
      }}
      component="pre"
    >
      {text}
      {isError ? `\n${COULD_NOT_READ}` : null}
      {isFetchingNextPage ? '\n…' : null}
    </Box>
  );
}
