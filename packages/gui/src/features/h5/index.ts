// What other features use of the HDF5 and NeXus views; the viewers themselves load as their own chunks.
export { H5Viewer } from './H5Viewer.tsx';
export { Hdf5DatasetsCard, mayReferenceHdf5 } from './Hdf5DatasetsCard.tsx';
export { LazyH5FilePreview } from './LazyH5FilePreview.ts';
export { NEXUS_PARSER, NexusCard } from './NexusCard.tsx';
export { parseHdf5Reference, type Hdf5Reference } from './hdf5References.ts';
