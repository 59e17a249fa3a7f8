import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { FailureBoundary } from '../../components/FailureBoundary.tsx';
import type { FileInfo } from './adapters.tsx';
import type { FilesContext } from './filesContext.ts';
import { ImagePreview } from './previews/ImagePreview.tsx';
import { JsonPreview } from './previews/JsonPreview.tsx';
import type { RawSource } from '../../api/files/rawFile.ts';
import { TextPreview } from './previews/TextPreview.tsx';
import { choosePreview, failedToOpenText, previewWithText, type ViewerName } from './viewers.ts';
import { LazyH5FilePreview as H5FilePreview } from '../h5/index.ts';

interface ViewerProps {
  source: RawSource;
  onFail: () => void;
}

// Heavy viewers are separate chunks (HDF5's is h5's LazyH5FilePreview), loaded the first time a file of their kind is previewed.
const PdfPreview = lazy(() => import('./previews/PdfPreview.tsx').then((m) => ({ default: m.PdfPreview })));
const CifPreview = lazy(() => import('./previews/CifPreview.tsx').then((m) => ({ default: m.CifPreview })));

/** The preview registry: which component shows a file for each viewer. */
const registry: Readonly<Record<ViewerName, ComponentType<ViewerProps>>> = {
  text: TextPreview,
  image: ImagePreview,
  json: JsonPreview,
  pdf: PdfPreview,
  cif: CifPreview,
  hdf5: H5FilePreview,
};

/**
 * A file's preview with the viewer its extension asks for: right away below the viewer's limit,
 * otherwise on request; on failure the offer to open it with the text viewer (spec 3 §4).
 */
export function FilePreview({ ctx, file }: { ctx: FilesContext; file: FileInfo }) {
  const choice = choosePreview(file.name, file.size);
  const [requested, setRequested] = useState(choice.auto);
  const [viewer, setViewer] = useState<ViewerName>(choice.viewer.name);
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);
  const source: RawSource = { api: ctx.api, uploadId: ctx.uploadId, path: file.path };

  if (!requested) {
    return (
      <Button variant="outlined" onClick={() => setRequested(true)}>
        {previewWithText(viewer)}
      </Button>
    );
  }
  if (failed) {
    return (
      <Box>
        <Alert severity="warning">{failedToOpenText(viewer)}</Alert>
        <Button
          sx={{ mt: 1 }}
          variant="outlined"
          onClick={() => {
            setViewer('text');
            setFailed(false);
          }}
        >
          Open with text viewer
        </Button>
      </Box>
    );
  }
  const Viewer = registry[viewer];
  return (
    // A viewer that crashes on a file counts as a failure to open it, with the fall-back to text.
    <FailureBoundary key={viewer} fallback={null} onError={onFail}>
      <Suspense fallback={<CircularProgress size={20} />}>
        <Viewer source={source} onFail={onFail} />
      </Suspense>
    </FailureBoundary>
  );
}
