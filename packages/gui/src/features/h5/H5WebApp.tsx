import { App, H5GroveProvider } from '@h5web/app';
import '@h5web/app/styles.css';
import { useMemo } from 'react';
import { useEnv } from '../../app/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { h5groveBase, h5groveFetcher } from './h5grove.ts';

export interface H5ViewerProps {
  uploadId: string;
  /** The HDF5 file's path in the upload. */
  path: string;
  /** The object h5web opens first (the file's root otherwise). */
  initialPath?: string;
}

/** h5web over the oasis's h5grove, with the user's rights. The heavy part: loaded through H5Viewer only. */
export function H5WebApp({ uploadId, path, initialPath }: H5ViewerProps) {
  const { appBase } = useEnv();
  const { accessToken } = useAuth();
  const fetcher = useMemo(() => h5groveFetcher({ uploadId, accessToken }), [uploadId, accessToken]);
  return (
    <H5GroveProvider url={h5groveBase(appBase)} filepath={path} fetcher={fetcher} resetKeys={[uploadId]}>
      <App sidebarOpen={false} {...(initialPath ? { initialPath } : {})} propagateErrors />
    </H5GroveProvider>
  );
}
