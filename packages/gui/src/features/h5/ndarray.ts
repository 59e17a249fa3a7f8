// A stand-in for the `ndarray` package, which h5web uses (aliased in vite.config.ts). The package compiles
// one class per array kind with `Function`, which the GUI's Content-Security-Policy (no 'unsafe-eval')
// forbids; this module offers the same API (the methods h5web calls and the rest of the package's surface)
// without generated code.

/** Arrays, typed arrays, or generic containers with get(index) and set(index, value). */
export type Data = ArrayLike<unknown>;

interface GenericData {
  get?: (index: number) => unknown;
  set?: (index: number, value: unknown) => void;
}

/** The container's element accessors, for generic containers only (typed arrays have a bulk `set`). */
export const accessorsOf = (data: Data, dtype: string): GenericData =>
  dtype === 'generic' ? (data as GenericData) : {};

/** Writes one element of an array or typed array. */
export const writeAt = (data: Data, index: number, value: unknown): void => {
  (data as Record<number, unknown>)[index] = value;
};

const TYPED_NAMES: Record<string, string> = {
  Float32Array: 'float32',
  Float64Array: 'float64',
  Int8Array: 'int8',
  Int16Array: 'int16',
  Int32Array: 'int32',
  Uint8Array: 'uint8',
  Uint16Array: 'uint16',
  Uint32Array: 'uint32',
  Uint8ClampedArray: 'uint8_clamped',
  BigInt64Array: 'bigint64',
  BigUint64Array: 'biguint64',
};

const dtypeOf = (data: Data): string => {
  if (Array.isArray(data)) return 'array';
  const name = (data as object).constructor?.name ?? '';
  if (name === 'Buffer') return 'buffer';
  return TYPED_NAMES[name] ?? 'generic';
};

const rowMajorStrides = (shape: readonly number[]): number[] => {
  const stride = new Array<number>(shape.length);
  let step = 1;
  for (let dim = shape.length - 1; dim >= 0; dim--) {
    stride[dim] = step;
    step *= shape[dim]!;
  }
  return stride;
};

/** A strided view of `data`: element (i0, i1, …) sits at offset + i0 * stride[0] + i1 * stride[1] + …. */
export class NdArray {
  readonly dtype: string;

  constructor(
    readonly data: Data,
    readonly shape: number[],
    readonly stride: number[],
    readonly offset: number,
  ) {
    this.dtype = dtypeOf(data);
  }

  get dimension(): number {
    return this.shape.length;
  }

  get size(): number {
    return this.shape.reduce((product, length) => product * length, 1);
  }

  /** The dimensions from the smallest stride to the largest. */
  get order(): number[] {
    return this.shape
      .map((_, dim) => dim)
      .sort((a, b) => Math.abs(this.stride[a]!) - Math.abs(this.stride[b]!));
  }

  index(...indices: number[]): number {
    let position = this.offset;
    for (let dim = 0; dim < this.shape.length; dim++) position += this.stride[dim]! * (indices[dim] ?? 0);
    return position;
  }

  get(...indices: number[]): unknown {
    const position = this.index(...indices);
    const { get } = accessorsOf(this.data, this.dtype);
    return get ? get.call(this.data, position) : this.data[position];
  }

  set(...args: unknown[]): unknown {
    const value = args[this.shape.length];
    const position = this.index(...(args.slice(0, this.shape.length) as number[]));
    const { set } = accessorsOf(this.data, this.dtype);
    if (set) set.call(this.data, position, value);
    else writeAt(this.data, position, value);
    return value;
  }

  /** Starts each dimension at the given index (others unchanged). */
  lo(...indices: Array<number | null | undefined>): NdArray {
    const shape = [...this.shape];
    let offset = this.offset;
    indices.forEach((index, dim) => {
      if (typeof index === 'number' && index >= 0 && dim < shape.length) {
        const start = Math.trunc(index);
        offset += this.stride[dim]! * start;
        shape[dim] = shape[dim]! - start;
      }
    });
    return new NdArray(this.data, shape, [...this.stride], offset);
  }

  /** Ends each dimension at the given length (others unchanged). */
  hi(...lengths: Array<number | null | undefined>): NdArray {
    const shape = this.shape.map((length, dim) => {
      const end = lengths[dim];
      return typeof end === 'number' && end >= 0 ? Math.trunc(end) : length;
    });
    return new NdArray(this.data, shape, [...this.stride], this.offset);
  }

  /** Every n-th element per dimension; negative steps run backwards from the end. */
  step(...steps: Array<number | null | undefined>): NdArray {
    const shape = [...this.shape];
    const stride = [...this.stride];
    let offset = this.offset;
    steps.forEach((raw, dim) => {
      if (typeof raw !== 'number' || dim >= shape.length) return;
      const step = Math.trunc(raw);
      if (step === 0) return;
      if (step < 0) {
        offset += stride[dim]! * (shape[dim]! - 1);
        shape[dim] = Math.ceil(-shape[dim]! / step);
      } else shape[dim] = Math.ceil(shape[dim]! / step);
      stride[dim] = stride[dim]! * step;
    });
    return new NdArray(this.data, shape, stride, offset);
  }

  /** The dimensions in the order given (a missing axis keeps its place). */
  transpose(...axes: Array<number | undefined>): NdArray {
    const order = this.shape.map((_, dim) => axes[dim] ?? dim);
    return new NdArray(
      this.data,
      order.map((axis) => this.shape[axis]!),
      order.map((axis) => this.stride[axis]!),
      this.offset,
    );
  }

  /** Fixes the dimensions given a non-negative index and drops them; the others stay. */
  pick(...indices: Array<number | null | undefined>): NdArray {
    const shape: number[] = [];
    const stride: number[] = [];
    let offset = this.offset;
    this.shape.forEach((length, dim) => {
      const index = indices[dim];
      if (typeof index === 'number' && index >= 0) offset += this.stride[dim]! * Math.trunc(index);
      else {
        shape.push(length);
        stride.push(this.stride[dim]!);
      }
    });
    return new NdArray(this.data, shape, stride, offset);
  }
}

/** `ndarray(data, shape?, stride?, offset?)` as the package defines it. */
export function ndarray(data: Data, shape?: number[], stride?: number[], offset?: number): NdArray {
  const dims = shape ?? [data.length];
  const strides = stride ?? rowMajorStrides(dims);
  let start = offset;
  if (start === undefined) {
    // With negative strides and no offset, the view starts where those dimensions end.
    start = 0;
    dims.forEach((length, dim) => {
      if (strides[dim]! < 0) start! -= (length - 1) * strides[dim]!;
    });
  }
  return new NdArray(data, [...dims], [...strides], start);
}

// The package's module value is the function itself: h5web imports it as the default.
export { ndarray as default };
