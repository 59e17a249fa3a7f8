// A structure preview of CIF text for the file browser: read in the browser (the file is at most the
// CIF auto-preview limit, 100 kB), drawn with the default 500-atom prompt.
import { Alert } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { structureFromCif } from './cifRead.ts';
import { LOAD_FAILED } from './limits.ts';
import { StructureViewer } from './StructureViewer.tsx';

export interface CifStructureViewerProps {
  text: string;
  height?: number;
  /** Called when the text is no readable CIF; without it the viewer says 'Could not load structure.' */
  onError?: (error: Error) => void;
}

export function CifStructureViewer({ text, height = 400, onError }: CifStructureViewerProps) {
  const read = useMemo(() => {
    try {
      return { structure: structureFromCif(text) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [text]);
  useEffect(() => {
    if (read.error) onError?.(read.error);
  }, [read, onError]);
  if (!read.structure) return onError ? null : <Alert severity="error">{LOAD_FAILED}</Alert>;
  return <StructureViewer structure={read.structure} height={height} />;
}
