import h5wasm, { type File as H5File } from 'h5wasm/node';
import { badRequest } from '../errors.ts';

/** Waits for h5wasm's WebAssembly module; `withHdf5File` needs it ready. */
export const hdf5Ready = async (): Promise<void> => {
  await h5wasm.ready;
};

/**
 * Runs `read` on the HDF5 file at `file` (opened read-only) and closes it. h5wasm is synchronous and shares
 * one module per thread, so `read` is synchronous too: no other read uses the library while the file is open.
 */
export const withHdf5File = <T>(file: string, fileName: string, read: (h5: H5File) => T): T => {
  let h5: H5File;
  try {
    h5 = new h5wasm.File(file, 'r');
  } catch {
    throw badRequest(`${fileName} could not be opened as an HDF5 file.`);
  }
  try {
    return read(h5);
  } finally {
    h5.close();
  }
};
