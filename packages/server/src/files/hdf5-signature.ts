// Whether a file is HDF5, and whether it holds all its superblock says, read from its first bytes
// without h5wasm: loading that library costs a process some 600 MB, which only a reader pays.
import { open, type FileHandle } from 'node:fs/promises';

/** HDF5's format signature; it sits at offset 0 or after a user block of 512, 1024, 2048, … bytes. */
const SIGNATURE = Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
/** User blocks larger than this are not looked for (at most 13 reads of 8 bytes). */
const MAX_USER_BLOCK = 2 ** 21;

/**
 * Whether `file` carries the HDF5 signature. Checked before h5wasm opens it: the library would print its
 * error stack to the server's stderr for every file that is not HDF5.
 */
export const hasHdf5Signature = async (file: string): Promise<boolean> => {
  const handle = await open(file, 'r');
  try {
    return (await signatureOffset(handle)) !== undefined;
  } finally {
    await handle.close();
  }
};

/** Where the HDF5 signature is (0, 512, 1024, … bytes in) and the file's size, or undefined. */
const signatureOffset = async (handle: FileHandle): Promise<{ offset: number; size: number } | undefined> => {
  const { size } = await handle.stat();
  const buffer = Buffer.alloc(SIGNATURE.length);
  for (let offset = 0; offset + SIGNATURE.length <= size && offset <= MAX_USER_BLOCK;) {
    const { bytesRead } = await handle.read(buffer, 0, SIGNATURE.length, offset);
    if (bytesRead === SIGNATURE.length && buffer.equals(SIGNATURE)) return { offset, size };
    offset = offset === 0 ? 512 : offset * 2;
  }
  return undefined;
};

/**
 * The size the superblock of the HDF5 file at `file` declares (base address plus end-of-file address), and
 * the file's size: a file shorter than it says is cut short, and the HDF5 library would read zeros for
 * what is missing instead of failing. Undefined when no superblock is found where the signature is.
 */
export const hdf5DeclaredSize = async (
  file: string,
): Promise<{ declared: bigint; actual: bigint } | undefined> => {
  const handle = await open(file, 'r');
  try {
    const found = await signatureOffset(handle);
    if (found === undefined) return undefined;
    const { offset, size } = found;
    const head = Buffer.alloc(96);
    const { bytesRead } = await handle.read(head, 0, head.length, offset);
    const declared = superblockEnd(head.subarray(0, bytesRead));
    return declared === undefined ? undefined : { declared: BigInt(offset) + declared, actual: BigInt(size) };
  } finally {
    await handle.close();
  }
};

/** Base address plus end-of-file address of a superblock (versions 0 to 3) that starts `head`. */
const superblockEnd = (head: Buffer): bigint | undefined => {
  const version = head[8];
  // Where the size of offsets is, and where the base address starts.
  const layout =
    version === 0
      ? { sizeAt: 13, baseAt: 24 }
      : version === 1
        ? { sizeAt: 13, baseAt: 28 }
        : version === 2 || version === 3
          ? { sizeAt: 9, baseAt: 12 }
          : undefined;
  if (!layout) return undefined;
  const offsetSize = head[layout.sizeAt];
  if (offsetSize !== 2 && offsetSize !== 4 && offsetSize !== 8) return undefined;
  // Versions 0 and 1: base, free-space, end of file; versions 2 and 3: base, extension, end of file.
  const eofAt = layout.baseAt + 2 * offsetSize;
  if (head.length < eofAt + offsetSize) return undefined;
  const read = (at: number) =>
    offsetSize === 8
      ? head.readBigUInt64LE(at)
      : BigInt(offsetSize === 4 ? head.readUInt32LE(at) : head.readUInt16LE(at));
  return read(layout.baseAt) + read(eofAt);
};
