import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { H5grovePayloadFormat } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { hasHdf5Signature } from '../files/hdf5-signature.ts';
import type { Hdf5ReadRequest, Hdf5ReadResult } from '../files/hdf5-read.ts';
import type { Hdf5Reader } from '../files/hdf5-reader.ts';
import { nonRootPath } from '../files/paths.ts';
import { UploadFiles } from '../files/storage.ts';
import type { Caller } from './caller.ts';
import { readUpload } from './uploads.ts';

/** Which object of which HDF5 file of which upload (h5grove's `upload_id`, `file` and `path`). */
export interface H5groveTarget {
  uploadId: string;
  file: string;
  path: string;
}

/** What an h5grove endpoint reads, besides the target. */
export type H5groveRead =
  | { op: 'meta' }
  | { op: 'attr'; keys?: string[] }
  | { op: 'data'; selection?: string; format: H5grovePayloadFormat; flatten: boolean }
  | { op: 'stats'; selection?: string }
  | { op: 'paths' };

const isInside = (root: string, target: string) => target === root || target.startsWith(root + path.sep);

/**
 * The server path of an HDF5 file of an upload the caller may read: contained in the upload's raw folder,
 * symbolic links included, and carrying the HDF5 signature.
 */
const hdf5FileOf = async (ctx: AppContext, caller: Caller, uploadId: string, file: string) => {
  const upload = await readUpload(ctx, caller, uploadId);
  const relative = nonRootPath(file, 'Bad path: name an HDF5 file of the upload in file.');
  const files = new UploadFiles(ctx.config.dataDir, upload.upload_id);
  const real = await realpath(files.rawPath(relative)).catch(() => undefined);
  if (!real) throw notFound('File not found!');
  if (!isInside(await realpath(files.rawPath('')), real)) throw badRequest(`Bad path: ${file}`);
  if (!(await stat(real)).isFile()) throw badRequest(`${file} is a folder, not an HDF5 file.`);
  const fileName = path.basename(relative);
  if (!(await hasHdf5Signature(real))) throw badRequest(`${fileName} is not an HDF5 file.`);
  return { file: real, fileName };
};

/** One h5grove read of an HDF5 file of an upload, with the caller's rights, on the reader's thread. */
export const readH5grove = async (
  ctx: AppContext,
  reader: Hdf5Reader,
  caller: Caller,
  target: H5groveTarget,
  read: H5groveRead,
): Promise<Hdf5ReadResult> => {
  const file = await hdf5FileOf(ctx, caller, target.uploadId, target.file);
  const request: Hdf5ReadRequest = { ...file, path: target.path, ...read };
  return reader.read(request);
};
