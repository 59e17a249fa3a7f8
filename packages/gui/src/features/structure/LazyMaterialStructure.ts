import { lazy } from 'react';

/** The material card's structure viewer, its own chunk: only entries with a material need it. */
export const LazyMaterialStructure = lazy(() =>
  import('./MaterialStructure.tsx').then((module) => ({ default: module.MaterialStructure })),
);
