import { describe, expect, it } from 'vitest';
import { unlimitedBudget } from './budget.ts';
import { firstInOrder } from './top-k.ts';

describe('firstInOrder', () => {
  it('equals sorting everything and taking the first k', async () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (const [n, k] of [
      [0, 3],
      [5, 0],
      [5, 10],
      [1000, 1],
      [1000, 37],
      [5000, 4999],
    ] as const) {
      const items = Array.from({ length: n }, () => ({ count: next() % 50, value: next() }));
      const compare = (a: { count: number; value: number }, b: { count: number; value: number }) =>
        b.count - a.count || a.value - b.value;
      expect(await firstInOrder(items, k, compare, unlimitedBudget())).toEqual(
        [...items].sort(compare).slice(0, k),
      );
    }
  });
});
