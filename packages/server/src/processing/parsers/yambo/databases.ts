// Yambo's NetCDF databases named in a report ('./SAVE//ns.db1', './10b_1Ry//ndb.QP'), relative to the
// folder Yambo ran in (the report's): NetCDF-4 files are HDF5 and read with h5wasm (databases-hdf5.ts,
// loaded when one is met); classic NetCDF files are read by hand. Only the variables asked for are read (a screening
// fragment holds megabytes the archive does not need).
import { open, readFile, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { hasHdf5Signature } from '../../../files/hdf5-signature.ts';
import { realPathInside } from '../../raw-paths.ts';
import { isClassicNetcdf, readClassicNetcdf, type NetcdfVariable } from './netcdf-classic.ts';

export type Database = Map<string, NetcdfVariable>;

/** The variables to read: by name, or those a test accepts (fragments suffix theirs with the q-point). */
export type Wanted = readonly string[] | ((name: string) => boolean);

export const accepts = (wanted: Wanted, name: string) =>
  typeof wanted === 'function' ? wanted(name) : wanted.includes(name);

/** Databases larger than this are not read (ns.db1 of a big run is tens of MB; the fragments more). */
const MAX_DATABASE_BYTES = 256 * 1024 ** 2;

/** The real path of a database the report names, when it is a file inside the upload. */
export function databasePath(mainfile: string, rawRoot: string, name: string): string | undefined {
  const relativeName = normalize(name.replace(/\/+/g, '/'));
  if (relativeName.startsWith('..') || relativeName.startsWith('/')) return undefined;
  return realPathInside(join(dirname(mainfile), relativeName), rawRoot);
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
  if (await hasHdf5Signature(path)) {
    const { readHdf5 } = await import('./databases-hdf5.ts');
    return readHdf5(path, label, wanted);
  }
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
