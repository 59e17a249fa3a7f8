// Yambo's NetCDF-4 databases, which are HDF5: read with h5wasm, confined to the one file. A module of
// its own, imported only when such a database is met: loading h5wasm costs a parser process some 600 MB
// of resident memory, which every parse would otherwise pay (the NeXus parser loads it the same way).
import h5wasm, { Dataset, type File as H5File } from 'h5wasm/node';
import { confineHdf5Reads } from '../../../files/hdf5-confine.ts';
import { hdf5DeclaredSize } from '../../../files/hdf5-signature.ts';
import { accepts, type Database, type Wanted } from './databases.ts';

function hdf5Variables(h5: H5File, wanted: Wanted): Database {
  const variables: Database = new Map();
  for (const name of h5.keys()) {
    if (!accepts(wanted, name)) continue;
    const dataset = h5.get(name);
    if (!(dataset instanceof Dataset)) continue;
    const shape = dataset.shape ?? [];
    const value = dataset.value;
    if (typeof value === 'string') variables.set(name, { shape, values: value });
    else if (ArrayBuffer.isView(value) && !(value instanceof DataView))
      variables.set(name, { shape, values: Float64Array.from(value as ArrayLike<number>, Number) });
    else if (typeof value === 'number') variables.set(name, { shape, values: Float64Array.of(value) });
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      variables.set(name, { shape, values: value.join('') });
  }
  return variables;
}

export async function readHdf5(path: string, label: string, wanted: Wanted): Promise<Database> {
  const size = await hdf5DeclaredSize(path);
  if (size && size.actual < size.declared)
    throw new Error(
      `${label} is cut short: it has ${size.actual} bytes, its HDF5 superblock says ${size.declared}`,
    );
  await h5wasm.ready;
  const { value } = confineHdf5Reads()(path, () => {
    let h5: H5File | undefined;
    try {
      h5 = new h5wasm.File(path, 'r');
      return hdf5Variables(h5, wanted);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${label} could not be read as NetCDF-4: ${reason}`);
    } finally {
      h5?.close();
    }
  });
  return value;
}
