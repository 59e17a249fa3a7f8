import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LazyCifStructureViewer } from '../../structure/index.ts';
import { fetchRawBlob, rawFileKey, type RawSource } from '../../../api/files/rawFile.ts';

/** A CIF file in the structure viewer, which loads (with three.js) only when a CIF is previewed. */
export function CifPreview({ source }: { source: RawSource }) {
  const query = useQuery({
    queryKey: rawFileKey(source, 'cif'),
    queryFn: async ({ signal }) => (await fetchRawBlob(source, signal)).text(),
  });
  if (!query.data) return <CircularProgress size={20} />;
  return <LazyCifStructureViewer text={query.data} height={400} />;
}
