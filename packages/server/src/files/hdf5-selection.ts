import { badRequest } from '../errors.ts';

/** A hyperslab: per dimension [start, stop, step] (h5wasm's slice form), and the shape of the answer. */
export interface Hyperslab {
  ranges: Array<[number, number, number]>;
  /** Dimensions indexed by a single integer are dropped, as NumPy drops them. */
  shape: number[];
  count: number;
}

const integer = (text: string, selection: string): number => {
  if (!/^-?\d+$/.test(text))
    throw badRequest(`${selection} is not a valid selection: '${text}' is not an integer.`);
  return Number(text);
};

/** Python's slice.indices for a positive step: bounds clamped into [0, size]. */
const bound = (value: number | undefined, fallback: number, size: number) => {
  if (value === undefined) return fallback;
  const shifted = value < 0 ? value + size : value;
  return Math.min(Math.max(shifted, 0), size);
};

const member = (text: string, size: number, dimension: number, selection: string) => {
  const parts = text.split(':').map((part) => part.trim());
  if (parts.length === 1) {
    const raw = integer(parts[0]!, selection);
    const index = raw < 0 ? raw + size : raw;
    if (index < 0 || index >= size)
      throw badRequest(`Index ${raw} is out of range for dimension ${dimension} of size ${size}.`);
    return { range: [index, index + 1, 1] as [number, number, number], length: undefined };
  }
  if (parts.length > 3) throw badRequest(`${selection} is not a valid selection.`);
  const [startText = '', stopText = '', stepText = ''] = parts;
  const step = stepText === '' ? 1 : integer(stepText, selection);
  if (step <= 0)
    throw badRequest(`${selection} is not a valid selection: only positive steps are supported.`);
  const start = bound(startText === '' ? undefined : integer(startText, selection), 0, size);
  const stop = Math.max(start, bound(stopText === '' ? undefined : integer(stopText, selection), size, size));
  const length = Math.ceil((stop - start) / step);
  return { range: [start, stop, step] as [number, number, number], length };
};

/** Parses h5grove's NumPy-style selection ('0, 2:10:2, ::3') against a dataset's shape. */
export const parseSelection = (selection: string | undefined, shape: readonly number[]): Hyperslab => {
  const text = selection?.trim() ?? '';
  if (shape.length === 0) {
    if (text !== '') throw badRequest(`${text} has too many members to slice a 0D dataset`);
    return { ranges: [], shape: [], count: 1 };
  }
  const members = text === '' ? [] : text.split(',');
  if (members.length > shape.length)
    throw badRequest(`${text} has too many members to slice a ${shape.length}D dataset`);
  const ranges: Hyperslab['ranges'] = [];
  const kept: number[] = [];
  shape.forEach((size, dimension) => {
    const parsed = member(members[dimension]?.trim() || ':', size, dimension, text);
    ranges.push(parsed.range);
    if (parsed.length !== undefined) kept.push(parsed.length);
  });
  return { ranges, shape: kept, count: kept.reduce((product, length) => product * length, 1) };
};
