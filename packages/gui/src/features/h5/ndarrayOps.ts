// A stand-in for `ndarray-ops` (aliased in vite.config.ts): h5web uses only `assign`, which the package
// compiles with `Function` (forbidden by the GUI's Content-Security-Policy).
import { accessorsOf, writeAt, type NdArray } from './ndarray.ts';

/** Copies `source` into `target` element by element (same shape), walking `target` in row-major order. */
export function assign(target: NdArray, source: NdArray): NdArray {
  const { shape } = target;
  if (shape.some((length) => length <= 0)) return target;
  const dims = shape.length;
  if (dims === 0) {
    target.set(source.get());
    return target;
  }
  const index = new Array<number>(dims).fill(0);
  let targetAt = target.offset;
  let sourceAt = source.offset;
  const sourceAccess = accessorsOf(source.data, source.dtype);
  const targetAccess = accessorsOf(target.data, target.dtype);
  const read = (at: number) => (sourceAccess.get ? sourceAccess.get.call(source.data, at) : source.data[at]);
  const write = (at: number, value: unknown) =>
    targetAccess.set ? targetAccess.set.call(target.data, at, value) : writeAt(target.data, at, value);
  for (;;) {
    write(targetAt, read(sourceAt));
    // Advance the multi-index like an odometer, moving both offsets by the strides.
    let dim = dims - 1;
    for (; dim >= 0; dim--) {
      index[dim]! += 1;
      targetAt += target.stride[dim]!;
      sourceAt += source.stride[dim]!;
      if (index[dim]! < shape[dim]!) break;
      targetAt -= target.stride[dim]! * shape[dim]!;
      sourceAt -= source.stride[dim]! * shape[dim]!;
      index[dim] = 0;
    }
    if (dim < 0) return target;
  }
}
