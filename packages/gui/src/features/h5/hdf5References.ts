/** A reference to an HDF5 dataset, as NOMAD writes HDF5Reference values: `/uploads/{id}/raw/{file}#{path}`. */
export interface Hdf5Reference {
  /** Where the value sits in the archive, e.g. `data/results/0/image`. */
  quantityPath: string;
  uploadId: string;
  file: string;
  /** The object inside the HDF5 file. */
  datasetPath: string;
}

const REFERENCE = /^\/uploads\/([^/]+)\/raw\/([^#]+)#(\/?.*)$/;
const HDF5_FILE = /\.(h4|hdf4|hdf|h5|hd5|hdf5|nxs|h5oina|edaxh5|emd|dream3d)$/i;

/** Sections and lists walked at most, so that a large archive costs a bounded walk. */
const MAX_NODES = 20_000;
/** References listed at most. */
export const MAX_REFERENCES = 50;

/**
 * Parses an HDF5Reference value; undefined for anything else. `uploadId` stands for the entry's own upload
 * when a reference names the file relative to it (`{file}#{path}`).
 */
export function parseHdf5Reference(
  value: string,
  quantityPath: string,
  uploadId: string,
): Hdf5Reference | undefined {
  const full = REFERENCE.exec(value);
  if (full) {
    const [, id = '', file = '', dataset = ''] = full;
    return {
      quantityPath,
      uploadId: id,
      file: decodeURI(file),
      datasetPath: dataset.startsWith('/') ? dataset : `/${dataset}`,
    };
  }
  const hash = value.indexOf('#');
  if (hash <= 0) return undefined;
  const file = value.slice(0, hash);
  if (!HDF5_FILE.test(file) || file.startsWith('/')) return undefined;
  const dataset = value.slice(hash + 1);
  return { quantityPath, uploadId, file, datasetPath: dataset.startsWith('/') ? dataset : `/${dataset}` };
}

/** A section with an h5web annotation whose signal does not lead to an HDF5 dataset. */
export interface Hdf5Problem {
  sectionPath: string;
  problem: 'unresolved' | 'no-annotation';
}

/** NOMAD's h5web annotation of a section: the quantity holding the signal's HDF5 reference. */
const h5webAnnotation = (node: Record<string, unknown>): { signal?: unknown } | undefined => {
  const annotations = node.m_annotations as Record<string, unknown> | undefined;
  const h5web = annotations && typeof annotations === 'object' ? annotations.h5web : undefined;
  if (h5web === undefined) return undefined;
  return (Array.isArray(h5web) ? h5web[0] : h5web) as { signal?: unknown };
};

/**
 * The HDF5 dataset references among the string values of an archive section (breadth first, bounded), and
 * the sections whose h5web annotation names no signal or a signal that is no HDF5 reference.
 */
export function findHdf5References(
  section: unknown,
  basePath: string,
  uploadId: string,
): { references: Hdf5Reference[]; problems: Hdf5Problem[] } {
  const references: Hdf5Reference[] = [];
  const problems: Hdf5Problem[] = [];
  const queue: Array<[unknown, string]> = [[section, basePath]];
  for (
    let visited = 0;
    queue.length > 0 && visited < MAX_NODES && references.length < MAX_REFERENCES;
    visited++
  ) {
    const [node, path] = queue.shift()!;
    if (typeof node === 'string') {
      const reference = parseHdf5Reference(node, path, uploadId);
      if (reference) references.push(reference);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => queue.push([item, `${path}/${index}`]));
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const annotation = h5webAnnotation(record);
      if (annotation) {
        const signal = typeof annotation.signal === 'string' ? record[annotation.signal] : undefined;
        if (typeof annotation.signal !== 'string')
          problems.push({ sectionPath: path, problem: 'no-annotation' });
        else if (typeof signal !== 'string' || !parseHdf5Reference(signal, path, uploadId))
          problems.push({ sectionPath: path, problem: 'unresolved' });
      }
      for (const [key, value] of Object.entries(record))
        if (key !== 'm_def' && key !== 'm_annotations') queue.push([value, `${path}/${key}`]);
    }
  }
  return { references, problems };
}
