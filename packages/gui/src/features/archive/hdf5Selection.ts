import { parseHdf5Reference, type Hdf5Reference } from '../h5/index.ts';
import { resolveKeys, type ArchiveNode } from './model.ts';

/**
 * The HDF5 dataset the archive browser's selected quantity refers to (NOMAD's HDF5Reference form), or
 * undefined. `uploadId` is the entry's upload, for references relative to it; without it only references
 * naming their upload resolve.
 */
export function selectedHdf5Reference(
  root: ArchiveNode,
  keys: readonly string[],
  uploadId: string | undefined,
): Hdf5Reference | undefined {
  if (keys.length === 0) return undefined;
  const { nodes, missing } = resolveKeys(root, keys);
  const node = nodes.at(-1);
  if (missing !== undefined || node?.kind !== 'quantity' || typeof node.value !== 'string') return undefined;
  const reference = parseHdf5Reference(node.value, node.path, uploadId ?? '');
  return reference && reference.uploadId !== '' ? reference : undefined;
}
