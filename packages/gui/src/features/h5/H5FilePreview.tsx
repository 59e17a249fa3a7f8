import type { RawSource } from '../../api/files/rawFile.ts';
import { H5Viewer } from './H5Viewer.tsx';

/** The file browser's preview of an HDF5-family file (spec 3 §9): h5web, loaded lazily by H5Viewer. */
export function H5FilePreview({ source, onFail }: { source: RawSource; onFail: () => void }) {
  return <H5Viewer uploadId={source.uploadId} path={source.path} onError={onFail} browse />;
}
