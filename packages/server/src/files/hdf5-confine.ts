import fs from 'node:fs';
import path from 'node:path';

/** The calls of `node:fs` through which h5wasm's file system (Emscripten's NODERAWFS) reaches paths. */
const PATH_CALLS = [
  'openSync',
  'statSync',
  'lstatSync',
  'readdirSync',
  'readlinkSync',
  'realpathSync',
  'accessSync',
  'existsSync',
  'mkdirSync',
  'rmdirSync',
  'unlinkSync',
  'renameSync',
  'symlinkSync',
  'chmodSync',
  'chownSync',
  'truncateSync',
  'utimesSync',
] as const;

type PathCall = (target: fs.PathLike, ...rest: unknown[]) => unknown;

/** Runs `read` with the HDF5 library confined to `file`; says whether it tried to reach another file. */
export type Hdf5Confinement = <T>(file: string, read: () => T) => { value: T; refused: boolean };

/** Where the confinement of a thread's `fs` is kept, once installed. */
const CONFINEMENT = Symbol.for('oasis.hdf5-confinement');

const refused = (target: fs.PathLike) =>
  Object.assign(new Error(`EACCES: not the HDF5 file being read, ${String(target)}`), { code: 'EACCES' });

/** The lines of the HDF5 library's error stack. */
const HDF5_DIAGNOSTIC = /^(HDF5-DIAG: |\s+#\d{3}: |\s+(major|minor): )/;

/**
 * Confines the HDF5 library to the one file it was asked to read. HDF5 opens other files on its own: the
 * raw data of a dataset with external storage lives in files named in the dataset (absolute, or relative to
 * the working directory), and a virtual dataset maps other HDF5 files; both could name any file on the
 * server, /etc/passwd as well as the database. h5wasm reads through `node:fs` of its thread, so on the
 * reader's thread (nowhere else: it replaces that thread's `fs` calls) every path call but those for the
 * file of the current read is refused. h5wasm does not report the failed read (it answers whatever its
 * buffer held), so `refused` says whether the read touched another file; the library's error stack for it
 * is kept off the server's log.
 */
export const confineHdf5Reads = (): Hdf5Confinement => {
  // One confinement per module instance of `fs` (per thread): a second would wrap the calls again.
  const installed = (fs as { [CONFINEMENT]?: Hdf5Confinement })[CONFINEMENT];
  if (installed) return installed;
  let allowed: string | undefined;
  let refusals = 0;
  const calls = fs as unknown as Record<(typeof PATH_CALLS)[number], PathCall>;
  for (const name of PATH_CALLS) {
    const original = calls[name].bind(fs);
    calls[name] = (target, ...rest) => {
      if (allowed !== undefined && (typeof target !== 'string' || path.resolve(target) !== allowed)) {
        refusals += 1;
        if (name === 'existsSync') return false;
        throw refused(target);
      }
      return original(target, ...rest);
    };
  }
  // The library writes its error stack to file descriptor 2 (its C stderr) in fragments, as slices of its
  // memory: writeSync(2, heap, offset, length). During a read they are held, and only lines that are not
  // part of an error stack are written afterwards.
  const writeSync = fs.writeSync.bind(fs) as (fd: number, ...rest: unknown[]) => number;
  let held: string[] | undefined;
  (fs as { writeSync: unknown }).writeSync = (fd: number, ...rest: unknown[]) => {
    const [data, offset, length] = rest;
    if (
      !held ||
      fd !== 2 ||
      !ArrayBuffer.isView(data) ||
      typeof offset !== 'number' ||
      typeof length !== 'number'
    )
      return writeSync(fd, ...rest);
    held.push(Buffer.from(data.buffer, data.byteOffset + offset, length).toString('latin1'));
    return length;
  };
  const release = (text: string) => {
    const kept = text.split('\n').filter((line) => line !== '' && !HDF5_DIAGNOSTIC.test(line));
    if (kept.length > 0) writeSync(2, `${kept.join('\n')}\n`);
  };

  const confinement: Hdf5Confinement = <T>(file: string, read: () => T): { value: T; refused: boolean } => {
    allowed = path.resolve(file);
    refusals = 0;
    held = [];
    try {
      const value = read();
      return { value, refused: refusals > 0 };
    } finally {
      allowed = undefined;
      release(held.join(''));
      held = undefined;
    }
  };
  (fs as { [CONFINEMENT]?: Hdf5Confinement })[CONFINEMENT] = confinement;
  return confinement;
};
