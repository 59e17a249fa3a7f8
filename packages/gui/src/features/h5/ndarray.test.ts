import { describe, expect, it } from 'vitest';
import { ndarray, type NdArray } from './ndarray.ts';
import { assign } from './ndarrayOps.ts';

/** All elements of a view in row-major order. */
const values = (array: NdArray): unknown[] => {
  const out: unknown[] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === array.shape.length) out.push(array.get(...prefix));
    else for (let i = 0; i < array.shape[prefix.length]!; i++) walk([...prefix, i]);
  };
  walk([]);
  return out;
};

// Element (i, j, k) of the 3 × 4 × 5 array holds 100 i + 10 j + k: views are checked by what they show.
const cube = () => {
  const data = new Float64Array(60);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 4; j++) for (let k = 0; k < 5; k++) data[i * 20 + j * 5 + k] = 100 * i + 10 * j + k;
  return ndarray(data, [3, 4, 5]);
};

describe('the CSP-safe ndarray', () => {
  it('lays out data row-major and describes it as the package does', () => {
    const base = cube();
    expect(base.stride).toEqual([20, 5, 1]);
    expect(base.offset).toBe(0);
    expect(base.size).toBe(60);
    expect(base.dimension).toBe(3);
    expect(base.order).toEqual([2, 1, 0]);
    expect(base.dtype).toBe('float64');
    expect(base.get(2, 3, 4)).toBe(234);
    expect(base.index(1, 2, 3)).toBe(33);
    expect(ndarray([1, 2]).dtype).toBe('array');
    expect(ndarray(new BigInt64Array(1)).dtype).toBe('bigint64');
    expect(ndarray(new Float32Array(4)).shape).toEqual([4]);
  });

  it('slices, steps, transposes and picks like NumPy views', () => {
    const base = cube();
    const lo = base.lo(1, null, 2);
    expect(lo.shape).toEqual([2, 4, 3]);
    expect(lo.get(0, 0, 0)).toBe(102);
    expect(base.hi(2, 3).shape).toEqual([2, 3, 5]);
    const stepped = base.step(2, -1, 3);
    expect(stepped.shape).toEqual([2, 4, 2]);
    expect(values(stepped.pick(0, null, 0))).toEqual([30, 20, 10, 0]);
    expect(values(stepped.pick(1, 0, null))).toEqual([230, 233]);
    const transposed = base.transpose(2, 0, 1);
    expect(transposed.shape).toEqual([5, 3, 4]);
    expect(transposed.get(4, 2, 1)).toBe(214);
    const picked = base.pick(null, 2, null);
    expect(picked.shape).toEqual([3, 5]);
    expect(picked.get(1, 4)).toBe(124);
    const scalar = base.pick(1, 2, 3);
    expect(scalar.shape).toEqual([]);
    expect(scalar.get()).toBe(123);
    const chained = base.transpose(1, 0).lo(1, 1).step(-2, 1).pick(null, 1);
    // (j, i, k) → j and i from 1 → j from its end by 2 (j = 3, 1) → i = 2.
    const range = (start: number) => [0, 1, 2, 3, 4].map((k) => start + k);
    expect(values(chained)).toEqual([...range(230), ...range(210)]);
    // Negative strides without an offset start at the end of their dimension.
    const reversed = ndarray(
      Float64Array.from({ length: 6 }, (_, i) => i),
      [2, 3],
      [-3, 1],
    );
    expect(reversed.offset).toBe(3);
    expect(values(reversed)).toEqual([3, 4, 5, 0, 1, 2]);
  });

  it('sets values and copies views as ndarray-ops’ assign does', () => {
    const source = ndarray(
      Float64Array.from({ length: 6 }, (_, i) => i),
      [2, 3],
    )
      .transpose(1, 0)
      .step(1, -1);
    const target = ndarray(new Float64Array(6), [3, 2]);
    assign(target, source);
    expect(Array.from(target.data as Float64Array)).toEqual([3, 0, 4, 1, 5, 2]);
    target.set(1, 1, 99);
    expect(target.get(1, 1)).toBe(99);
    expect((target.data as Float64Array)[3]).toBe(99);
    const strings = ndarray(['a', 'b', 'c', 'd'], [2, 2]);
    const copy = ndarray(new Array<string>(4), [2, 2]);
    assign(copy, strings.transpose(1, 0));
    expect(copy.data).toEqual(['a', 'c', 'b', 'd']);
    const generic = new Map<number, unknown>();
    const container = {
      length: 2,
      get: (i: number) => generic.get(i),
      set: (i: number, v: unknown) => generic.set(i, v),
    };
    const view = ndarray(container as unknown as ArrayLike<unknown>, [2]);
    expect(view.dtype).toBe('generic');
    view.set(1, 'x');
    expect(view.get(1)).toBe('x');
  });
});
