import { Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchRawBlob, rawFileKey, type RawSource } from '../../../api/files/rawFile.ts';

/** A JSON file, parsed and pretty-printed; invalid JSON is a failure (the user may fall back to text). */
export function JsonPreview({ source, onFail }: { source: RawSource; onFail: () => void }) {
  const query = useQuery({
    queryKey: rawFileKey(source, 'json'),
    // Invalid JSON shows 'Failed to open with json viewer' with the fall-back to text.
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      JSON.stringify(JSON.parse(await (await fetchRawBlob(source, signal)).text()), null, 2),
  });
  useEffect(() => {
    if (query.isError) onFail();
  }, [query.isError, onFail]);
  if (query.isPending || query.isError) return <CircularProgress size={20} />;
  return (
    <Box
      component="pre"
      data-testid="json-preview"
      sx={{ fontFamily: 'monospace', fontSize: 12, m: 0, overflow: 'auto' }}
    >
      {query.data}
    </Box>
  );
}
