import { Alert, Box, Typography } from '@mui/material';
import type { EntryArchive } from '@oasis/schema';
import { useMemo, type ReactNode } from 'react';
import type { ArchiveState } from '../../api/entries/types.ts';

/**
 * Prepares plot data from the archive and renders it; while the archive loads it says so, and when the
 * archive or its data is unusable it shows `failure` (e.g. 'Could not load band structure.') and why.
 */
export function ArchivePlot<T>({
  archive,
  prepare,
  failure,
  height,
  children,
}: {
  archive: ArchiveState;
  prepare: (archive: EntryArchive) => T;
  failure: string;
  height: number;
  children: (data: T) => ReactNode;
}) {
  const prepared = useMemo((): { data: T } | { error: string } | undefined => {
    if (archive.status !== 'ready') return undefined;
    try {
      return { data: prepare(archive.archive) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [archive, prepare]);

  if (archive.status === 'error' || (prepared && 'error' in prepared)) {
    const reason =
      archive.status === 'error' ? archive.message : prepared && 'error' in prepared ? prepared.error : '';
    return (
      <Alert severity="error">
        {failure}
        {reason ? (
          <Typography variant="body2" component="div">
            {reason}
          </Typography>
        ) : null}
      </Alert>
    );
  }
  if (!prepared) {
    return (
      <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {archive.status === 'none' ? 'no data' : 'loading ...'}
        </Typography>
      </Box>
    );
  }
  return <>{children(prepared.data)}</>;
}
