// Random access to a binary mainfile: a .gpw holds wave functions of gigabytes next to the few arrays a
// parser reads, so the file is read by ranges (from disk, or from a buffer in tests) rather than whole.
import { open } from 'node:fs/promises';

export interface ByteSource {
  size: number;
  /** `length` bytes from `offset`; an error names the byte where the file ends when it is shorter. */
  read: (offset: number, length: number) => Promise<Buffer>;
}

const endsBefore = (size: number, offset: number, length: number) =>
  new Error(`the file ends at byte ${size}, before bytes ${offset}-${offset + length} it refers to`);

export function bufferSource(buffer: Buffer): ByteSource {
  return {
    size: buffer.length,
    read: (offset, length) => {
      if (offset < 0 || offset + length > buffer.length)
        return Promise.reject(endsBefore(buffer.length, offset, length));
      return Promise.resolve(buffer.subarray(offset, offset + length));
    },
  };
}

/** A file read by ranges while `use` runs; it is closed afterwards. */
export async function withFileSource<T>(path: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await use({
      size,
      read: async (offset, length) => {
        if (offset < 0 || offset + length > size) throw endsBefore(size, offset, length);
        const buffer = Buffer.alloc(length);
        let done = 0;
        while (done < length) {
          const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
          if (bytesRead === 0) throw endsBefore(offset + done, offset, length);
          done += bytesRead;
        }
        return buffer;
      },
    });
  } finally {
    await handle.close();
  }
}

/** An n-dimensional array as stored: its shape and its values in C order. */
export interface NdArray {
  shape: number[];
  values: number[];
}

const ITEM_BYTES: Readonly<Record<string, number>> = {
  float64: 8,
  float32: 4,
  int64: 8,
  int32: 4,
  int8: 1,
  uint8: 1,
  bool: 1,
  complex128: 16,
};

/** Reads an array of a numpy dtype name; complex values keep their real parts (none is read here). */
export async function readArray(
  source: ByteSource,
  offset: number,
  shape: readonly number[],
  dtype: string,
  littleEndian = true,
): Promise<NdArray> {
  const item = ITEM_BYTES[dtype];
  if (!item) throw new Error(`arrays of type ${dtype} are not read`);
  const count = shape.reduce((a, b) => a * b, 1);
  const bytes = await source.read(offset, count * item);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Array<number>(count);
  for (let i = 0; i < count; i += 1) {
    const at = i * item;
    values[i] =
      dtype === 'float64' || dtype === 'complex128'
        ? view.getFloat64(at, littleEndian)
        : dtype === 'float32'
          ? view.getFloat32(at, littleEndian)
          : dtype === 'int64'
            ? Number(view.getBigInt64(at, littleEndian))
            : dtype === 'int32'
              ? view.getInt32(at, littleEndian)
              : view.getUint8(at);
  }
  return { shape: [...shape], values };
}

/** The nested lists of an array (rows of rows), for arrays of rank 1 to 4. */
export function nested(array: NdArray): unknown {
  const build = (dims: number[], offset: number): unknown => {
    if (dims.length === 0) return array.values[offset];
    const [first, ...rest] = dims;
    const stride = rest.reduce((a, b) => a * b, 1);
    return Array.from({ length: first! }, (_, i) => build(rest, offset + i * stride));
  };
  return build(array.shape, 0);
}
