import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { FileInfo } from './adapters.tsx';
import type { FilesContext } from './filesContext.ts';

const FilePreview = lazy(() => import('./FilePreview.tsx').then((m) => ({ default: m.FilePreview })));

/** The preview lane's content, a chunk of its own: browsing folders loads no viewer code. */
export function LazyFilePreview(props: { ctx: FilesContext; file: FileInfo }) {
  return (
    <Suspense fallback={<CircularProgress size={20} />}>
      <FilePreview {...props} />
    </Suspense>
  );
}
