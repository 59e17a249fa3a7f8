import { Box, Typography } from '@mui/material';
import { H5Viewer, type Hdf5Reference } from '../h5/index.ts';

/** The archive browser's side panel: the HDF5 dataset the selected quantity refers to, in h5web. */
export function ArchiveHdf5Side({ reference }: { reference: Hdf5Reference }) {
  const { uploadId, file, datasetPath } = reference;
  return (
    <Box data-testid="archive-hdf5-side">
      <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {file}
        {datasetPath}
      </Typography>
      {/* A new viewer per dataset: h5web reads its initial path once. */}
      <H5Viewer
        key={`${uploadId}/${file}#${datasetPath}`}
        uploadId={uploadId}
        path={file}
        initialPath={datasetPath}
      />
    </Box>
  );
}
