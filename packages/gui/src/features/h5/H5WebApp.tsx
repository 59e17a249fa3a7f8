import { App, H5GroveProvider } from '@h5web/app';
import '@h5web/app/styles.css';
import { CircularProgress } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useEnv } from '../../core/EnvProvider.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { h5groveBase, h5groveFetcher, previewStartPath } from './h5grove.ts';

export interface H5ViewerProps {
  uploadId: string;
  /** The HDF5 file's path in the upload. */
  path: string;
  /** The object h5web opens first (the file's root otherwise). */
  initialPath?: string;
  /**
   * A file browser's preview: the tree shown, opened on the NeXus default or else the first dataset
   * (a card that names its dataset passes `initialPath` instead).
   */
  browse?: boolean;
}

/** h5web over the oasis's h5grove, with the user's rights. The heavy part: loaded through H5Viewer only. */
export function H5WebApp({ uploadId, path, initialPath, browse = false }: H5ViewerProps) {
  const { appBase } = useEnv();
  const { accessToken } = useAuth();
  const fetcher = useMemo(() => h5groveFetcher({ uploadId, accessToken }), [uploadId, accessToken]);
  // h5web reads initialPath once, when it mounts: a browsing preview finds it first.
  const [start, setStart] = useState<{ path: string | undefined } | undefined>(
    browse ? undefined : { path: initialPath },
  );
  // The search runs once per file, with the fetcher of the moment (it changes when the token does).
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;
  useEffect(() => {
    if (!browse) return;
    let current = true;
    void previewStartPath(latestFetcher.current, h5groveBase(appBase), path)
      // A file h5grove cannot read opens at its root, where h5web reports why.
      .catch(() => undefined)
      .then((found) => {
        if (current) setStart({ path: found });
      });
    return () => {
      current = false;
    };
  }, [browse, appBase, uploadId, path]);
  if (!start) return <CircularProgress size={20} aria-label="finding the first dataset" />;
  return (
    <H5GroveProvider url={h5groveBase(appBase)} filepath={path} fetcher={fetcher} resetKeys={[uploadId]}>
      <App sidebarOpen={browse} {...(start.path ? { initialPath: start.path } : {})} propagateErrors />
    </H5GroveProvider>
  );
}
