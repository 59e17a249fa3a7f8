/** The file viewers and their limits (spec 3 §9). */
export type ViewerName = 'text' | 'image' | 'json' | 'pdf' | 'hdf5' | 'cif';

interface Viewer {
  name: ViewerName;
  extensions: readonly string[];
  /** Files below this size (bytes) are previewed right away; larger ones only on request. */
  autoPreviewBelow: number;
  /** Lane width in px. */
  width: number;
}

const MB = 1000 * 1000;

/** Viewers other than text are not offered for files this large: they would load the whole file. */
const SKIP_VIEWERS_FROM = 50 * MB;

const viewers: Readonly<Record<ViewerName, Viewer>> = {
  text: {
    name: 'text',
    extensions: ['txt', 'yaml', 'yml', 'csv', 'xml', 'dat'],
    autoPreviewBelow: Infinity,
    width: 700,
  },
  image: {
    name: 'image',
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg'],
    autoPreviewBelow: 10 * MB,
    width: 500,
  },
  json: { name: 'json', extensions: ['json'], autoPreviewBelow: 10 * MB, width: 500 },
  pdf: { name: 'pdf', extensions: ['pdf'], autoPreviewBelow: 10 * MB, width: 700 },
  hdf5: {
    name: 'hdf5',
    extensions: ['h4', 'hdf4', 'hdf', 'h5', 'hd5', 'hdf5', 'nxs', 'h5oina', 'edaxh5', 'emd', 'dream3d'],
    autoPreviewBelow: 10 * MB,
    // Not the default 500: h5web shows its tree (150 px at least) only beside a 500 px visualisation.
    width: 700,
  },
  cif: { name: 'cif', extensions: ['cif'], autoPreviewBelow: 100 * 1000, width: 500 },
};

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export interface PreviewChoice {
  viewer: Viewer;
  /** False when the file is above the viewer's limit: the user is offered 'Preview with {viewer} viewer'. */
  auto: boolean;
}

/** The viewer for a file: by extension, the text viewer for anything else and for very large files. */
export function choosePreview(fileName: string, size: number): PreviewChoice {
  const extension = extensionOf(fileName);
  const byExtension = Object.values(viewers).find((viewer) => viewer.extensions.includes(extension));
  const viewer =
    byExtension && (byExtension.name === 'text' || size < SKIP_VIEWERS_FROM) ? byExtension : viewers.text;
  return { viewer, auto: size < viewer.autoPreviewBelow };
}

export const previewWithText = (viewer: ViewerName) => `Preview with ${viewer} viewer`;
export const failedToOpenText = (viewer: ViewerName) =>
  `Failed to open with ${viewer} viewer. Bad file format?`;
export const COULD_NOT_READ = 'ERROR - COULD NOT READ FILE!';
