import { CHECK_EVERY, type SearchBudget } from './budget.ts';

/**
 * The first `k` items in `compare` order, sorted. A heap holds the best k seen so far with the worst on
 * top, so n items cost n log k instead of a sort of all n (terms over a dictionary of a million values).
 */
export const firstInOrder = async <T>(
  items: ArrayLike<T>,
  k: number,
  compare: (a: T, b: T) => number,
  budget: SearchBudget,
): Promise<T[]> => {
  const heap: T[] = [];
  // Max-heap by `compare`: heap[0] is the item the next better one replaces.
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const item = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = item;
  };
  const up = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(i, parent)) return;
      swap(i, parent);
      i = parent;
    }
  };
  const down = () => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < heap.length && worse(left, top)) top = left;
      if (right < heap.length && worse(right, top)) top = right;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  if (k > 0) {
    for (let n = 0; n < items.length; n++) {
      if ((n & (CHECK_EVERY - 1)) === 0 && budget.due()) await budget.pause();
      const item = items[n]!;
      if (heap.length < k) {
        heap.push(item);
        up(heap.length - 1);
      } else if (compare(item, heap[0]!) < 0) {
        heap[0] = item;
        down();
      }
    }
  }
  // k is bounded by the request limits (at most 10,000), so this sort is short.
  return heap.sort(compare);
};
