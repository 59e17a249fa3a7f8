import type { Dataset, File as H5File } from 'h5wasm/node';
import type { H5grovePayloadFormat } from '@oasis/schema';
import { badRequest } from '../errors.ts';
import { withHdf5File } from './hdf5-file.ts';
import { readSelection, selectionBytes, selectionJson, selectionNpy, selectionStats } from './hdf5-data.ts';
import { attributeValues, objectAt, objectMetadata } from './hdf5-meta.ts';
import { resolveObject } from './hdf5-objects.ts';
import { listObjectPaths } from './hdf5-paths.ts';

/** One read of an HDF5 file, as h5grove's endpoints ask for it; `file` is a checked server path. */
export type Hdf5ReadRequest = { file: string; fileName: string; path: string } & (
  | { op: 'meta' }
  | { op: 'attr'; keys?: string[] }
  | { op: 'data'; selection?: string; format: H5grovePayloadFormat; flatten: boolean }
  | { op: 'stats'; selection?: string }
  | { op: 'paths' }
);

/** JSON answers as values; data answers as bytes with their media type. */
export type Hdf5ReadResult = { json: unknown } | { bytes: Uint8Array; contentType: string };

const datasetAt = (h5: H5File, objectPath: string, fileName: string): Dataset => {
  const resolved = resolveObject(h5, objectPath, fileName);
  if (resolved.kind !== 'object') throw badRequest(`${objectPath} is a link that is not followed.`);
  const entity = objectAt(h5, resolved.path);
  if (entity.type !== 'Dataset') throw badRequest(`${objectPath} is not a dataset.`);
  return entity as Dataset;
};

const OCTETS = 'application/octet-stream';

const dataAnswer = (h5: H5File, request: Hdf5ReadRequest & { op: 'data' }): Hdf5ReadResult => {
  const selection = readSelection(datasetAt(h5, request.path, request.fileName), request.selection);
  if (request.format === 'bin') return { bytes: selectionBytes(selection), contentType: OCTETS };
  if (request.format === 'npy') return { bytes: selectionNpy(selection), contentType: OCTETS };
  const text = JSON.stringify(selectionJson(selection, request.flatten));
  return { bytes: Buffer.from(text), contentType: 'application/json' };
};

/** Carries out one read (synchronously: run it off the server's thread, see hdf5-reader.ts). */
export const readHdf5 = (request: Hdf5ReadRequest): Hdf5ReadResult =>
  withHdf5File(request.file, request.fileName, (h5) => {
    const { fileName, path } = request;
    switch (request.op) {
      case 'meta':
        return { json: objectMetadata(h5, resolveObject(h5, path, fileName), path) };
      case 'attr': {
        const resolved = resolveObject(h5, path, fileName);
        // Links that are not followed have no attributes.
        if (resolved.kind !== 'object') return { json: {} };
        return { json: attributeValues(objectAt(h5, resolved.path), request.keys) };
      }
      case 'data':
        return dataAnswer(h5, request);
      case 'stats':
        return {
          json: selectionStats(readSelection(datasetAt(h5, path, fileName), request.selection)),
        };
      case 'paths':
        return { json: listObjectPaths(h5, path, fileName) };
    }
  });
