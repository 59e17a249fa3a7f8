import type { Dataset, Metadata } from 'h5wasm/node';
import { badRequest } from '../errors.ts';
import { H5T } from './hdf5-meta.ts';
import { parseSelection } from './hdf5-selection.ts';

/**
 * One read answers at most this many bytes of numbers (a 2048 × 1024 image of doubles) — h5wasm reads
 * synchronously, and this bounds the time a read holds the event loop (about 30 ms at this size).
 */
const MAX_SELECTION_BYTES = 16 * 1024 * 1024;
/** Strings, compounds and other values are answered as JSON: at most this many of them. */
const MAX_SELECTION_VALUES = 100_000;

type NumericArray =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array
  | Float32Array
  | Float64Array;

/** The values of a selection: numbers as a typed array (flat, row-major), anything else as h5wasm gives it. */
export type SelectionValues =
  | { numeric: true; values: NumericArray; shape: number[]; meta: Metadata }
  | { numeric: false; values: unknown[]; shape: number[]; meta: Metadata };

const isNumeric = (meta: Metadata) =>
  meta.type === H5T.INTEGER || meta.type === H5T.FLOAT || meta.type === H5T.ENUM;

/** The typed array of a numeric dataset's own type: h5web reads the bytes of `format=bin` by that type. */
const typedArrayOf = (meta: Metadata) => {
  if (meta.type === H5T.FLOAT) return meta.size === 4 ? Float32Array : Float64Array;
  const byBytes = meta.signed
    ? { 1: Int8Array, 2: Int16Array, 4: Int32Array, 8: BigInt64Array }
    : { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array, 8: BigUint64Array };
  return byBytes[meta.size as 1 | 2 | 4 | 8] ?? Float64Array;
};

/** h5wasm answers a scalar as a number (or bigint); it is answered in the dataset's own type all the same. */
const scalarArray = (meta: Metadata, raw: unknown): NumericArray => {
  const TypedArray = typedArrayOf(meta);
  if (TypedArray === BigInt64Array || TypedArray === BigUint64Array)
    return TypedArray.of(BigInt(raw as bigint | number));
  return (TypedArray as Float64ArrayConstructor).of(Number(raw));
};

const tooLarge = (count: number, limit: string) =>
  badRequest(`The selection has ${count} values, more than ${limit}; select a smaller part of the dataset.`);

/** Reads a selection of `dataset`, refusing it before reading if it is larger than the bounds above. */
export const readSelection = (dataset: Dataset, selection: string | undefined): SelectionValues => {
  const { metadata: meta } = dataset;
  // Virtual datasets map other files into this one; only sources inside this file are read.
  if (meta.virtual_sources?.some((source) => source.file_name !== '.'))
    throw badRequest(`${dataset.path} is a virtual dataset with sources in other files, which are not read.`);
  if (meta.shape === null) return { numeric: false, values: [], shape: [], meta };
  // h5wasm has no accessor for half-precision floats.
  if (meta.type === H5T.FLOAT && meta.size < 4)
    throw badRequest(`${dataset.path} holds ${meta.size * 8}-bit floats, which this server cannot read.`);
  const slab = parseSelection(selection, meta.shape);
  const numeric = isNumeric(meta);
  if (numeric && slab.count * meta.size > MAX_SELECTION_BYTES)
    throw tooLarge(slab.count, `${MAX_SELECTION_BYTES / 1024 / 1024} MB`);
  if (!numeric && slab.count > MAX_SELECTION_VALUES) throw tooLarge(slab.count, `${MAX_SELECTION_VALUES}`);
  const raw = slab.count === 0 ? [] : meta.shape.length === 0 ? dataset.value : dataset.slice(slab.ranges);
  if (numeric) {
    const values = ArrayBuffer.isView(raw) ? (raw as NumericArray) : scalarArray(meta, raw);
    return { numeric, values, shape: slab.shape, meta };
  }
  const values = ArrayBuffer.isView(raw) ? Array.from(raw as unknown as ArrayLike<unknown>) : raw;
  return { numeric, values: Array.isArray(values) ? values : [values], shape: slab.shape, meta };
};

const jsonNumber = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

const nest = (flat: unknown[], shape: readonly number[], offset = 0): unknown[] => {
  const [size = 0, ...rest] = shape;
  if (rest.length === 0) return flat.slice(offset, offset + size);
  const stride = rest.reduce((product, length) => product * length, 1);
  return Array.from({ length: size }, (_, index) => nest(flat, rest, offset + index * stride));
};

/** The JSON answer: a scalar, or nested lists by the selection's shape (a flat list with `flatten`). */
export const selectionJson = (selection: SelectionValues, flatten: boolean): unknown => {
  const flat = Array.from(selection.values as ArrayLike<unknown>, jsonNumber);
  if (selection.meta.shape === null) return null;
  if (selection.shape.length === 0) return flat[0] ?? null;
  return flatten ? flat : nest(flat, selection.shape);
};

const numericOnly = (selection: SelectionValues, format: string): NumericArray => {
  if (!selection.numeric) throw badRequest(`Format ${format} is only available for numeric datasets.`);
  return selection.values;
};

/** The raw little-endian bytes of a numeric selection (`format=bin`). */
export const selectionBytes = (selection: SelectionValues): Buffer => {
  const values = numericOnly(selection, 'bin');
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
};

const NPY_DESCR: Record<string, string> = {
  Int8Array: '|i1',
  Uint8Array: '|u1',
  Int16Array: '<i2',
  Uint16Array: '<u2',
  Int32Array: '<i4',
  Uint32Array: '<u4',
  BigInt64Array: '<i8',
  BigUint64Array: '<u8',
  Float32Array: '<f4',
  Float64Array: '<f8',
};

/** A NumPy `.npy` file (format 1.0) of a numeric selection (`format=npy`). */
export const selectionNpy = (selection: SelectionValues): Buffer => {
  const values = numericOnly(selection, 'npy');
  const descr = NPY_DESCR[values.constructor.name];
  if (!descr) throw badRequest('This dataset cannot be written as a .npy file.');
  const shape = selection.shape.length === 1 ? `(${selection.shape[0]},)` : `(${selection.shape.join(', ')})`;
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, ending in \n.
  const unpadded = 10 + dict.length + 1;
  const header = dict + ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const preamble = Buffer.alloc(10);
  preamble.write('\x93NUMPY', 0, 'latin1');
  preamble.writeUInt8(1, 6);
  preamble.writeUInt8(0, 7);
  preamble.writeUInt16LE(header.length, 8);
  return Buffer.concat([preamble, Buffer.from(header, 'latin1'), selectionBytes(selection)]);
};

/** h5grove's statistics of the finite values of a numeric selection. */
export const selectionStats = (selection: SelectionValues) => {
  const values = numericOnly(selection, 'stats');
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let positiveMin = Infinity;
  let strictPositiveMin = Infinity;
  for (const raw of values as unknown as Iterable<number | bigint>) {
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    count += 1;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
    if (value >= 0 && value < positiveMin) positiveMin = value;
    if (value > 0 && value < strictPositiveMin) strictPositiveMin = value;
  }
  if (count === 0)
    return { strict_positive_min: null, positive_min: null, min: null, max: null, mean: null, std: null };
  const mean = sum / count;
  let squares = 0;
  for (const raw of values as unknown as Iterable<number | bigint>) {
    const value = Number(raw);
    if (Number.isFinite(value)) squares += (value - mean) ** 2;
  }
  // As h5grove: integers for integer data (NumPy's mean and deviation cut to int), floats otherwise.
  const cast = selection.meta.type === H5T.FLOAT ? (value: number) => value : Math.trunc;
  const finite = (value: number) => (Number.isFinite(value) ? cast(value) : null);
  return {
    strict_positive_min: finite(strictPositiveMin),
    positive_min: finite(positiveMin),
    min: cast(min),
    max: cast(max),
    mean: cast(mean),
    std: cast(Math.sqrt(squares / count)),
  };
};
