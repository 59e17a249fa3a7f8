// Yambo's NetCDF databases named in a report ('./SAVE//ns.db1', './10b_1Ry//ndb.QP'), relative to the
// folder Yambo ran in (the report's): NetCDF-4 files are HDF5 and read with h5wasm, confined to the one
// file; classic NetCDF files are read by hand. Only the variables asked for are read (a screening
// fragment holds megabytes the archive does not need).
import { open, readFile, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import h5wasm, { Dataset, type File as H5File } from 'h5wasm/node';
import { confineHdf5Reads } from '../../../files/hdf5-confine.ts';
import { hasHdf5Signature, hdf5DeclaredSize } from '../../../files/hdf5-file.ts';
import { realPathInside } from '../../raw-paths.ts';
import { isClassicNetcdf, readClassicNetcdf, type NetcdfVariable } from './netcdf-classic.ts';

export type Database = Map<string, NetcdfVariable>;

/** The variables to read: by name, or those a test accepts (fragments suffix theirs with the q-point). */
export type Wanted = readonly string[] | ((name: string) => boolean);

const accepts = (wanted: Wanted, name: string) =>
  typeof wanted === 'function' ? wanted(name) : wanted.includes(name);

/** Databases larger than this are not read (ns.db1 of a big run is tens of MB; the fragments more). */
const MAX_DATABASE_BYTES = 256 * 1024 ** 2;

/** The real path of a database the report names, when it is a file inside the upload. */
export function databasePath(mainfile: string, rawRoot: string, name: string): string | undefined {
  const relativeName = normalize(name.replace(/\/+/g, '/'));
  if (relativeName.startsWith('..') || relativeName.startsWith('/')) return undefined;
  return realPathInside(join(dirname(mainfile), relativeName), rawRoot);
}

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

async function readHdf5(path: string, label: string, wanted: Wanted): Promise<Database> {
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

/**
 * The variables wanted of the database at `path` (a real path inside the upload); undefined when it is
 * no NetCDF file. Throws, naming the file, when it is one that cannot be read.
 */
export async function readDatabase(
  path: string,
  label: string,
  wanted: Wanted,
): Promise<Database | undefined> {
  const info = await stat(path);
  if (!info.isFile()) return undefined;
  if (info.size > MAX_DATABASE_BYTES) throw new Error(`${label} is larger than 256 MB: not read`);
  if (await hasHdf5Signature(path)) return readHdf5(path, label, wanted);
  const handle = await open(path, 'r');
  const head = Buffer.alloc(4);
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (!isClassicNetcdf(head)) return undefined;
  const all = readClassicNetcdf(await readFile(path), label);
  return new Map([...all].filter(([name]) => accepts(wanted, name)));
}

/** The numbers of a variable, or undefined. */
export const numbersOf = (database: Database | undefined, name: string): Float64Array | undefined => {
  const variable = database?.get(name);
  return variable && typeof variable.values !== 'string' ? variable.values : undefined;
};

export const shapeOf = (database: Database | undefined, name: string): number[] | undefined =>
  database?.get(name)?.shape;
