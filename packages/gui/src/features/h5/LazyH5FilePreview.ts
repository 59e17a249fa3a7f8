import { lazy } from 'react';

/** The HDF5 file preview, its own chunk: loaded the first time an HDF5 file is previewed. */
export const LazyH5FilePreview = lazy(() =>
  import('./H5FilePreview.tsx').then((module) => ({ default: module.H5FilePreview })),
);
