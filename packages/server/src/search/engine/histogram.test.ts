import { describe, expect, it } from 'vitest';
import { entrySearchQuantities } from '../quantities.ts';
import { unlimitedBudget } from './budget.ts';
import { autoDateHistogram, dateHistogram, histogram, HistogramError } from './histogram.ts';
import { SearchIndex } from './search-index.ts';

const build = () => {
  const index = new SearchIndex(entrySearchQuantities);
  index.putUpload(
    { upload_id: 'u', published: true, with_embargo: false, main_author: 'x', members: new Set(['x']) },
    { upload_create_time: '2024-01-03T10:00:00+00:00' },
  );
  for (const [id, n] of [
    ['a', 1],
    ['b', 3],
  ] as const)
    index.putEntry(id, 'u', { entry_id: id, results: { material: { n_elements: n } } }, true);
  return {
    index,
    rows: Int32Array.from([0, 1]),
    n: index.quantities.get('results.material.n_elements')!,
    time: index.quantities.get('upload_create_time')!,
  };
};

const year = (y: number, month = 0, day = 1) => new Date(0).setUTCFullYear(y, month, day);

describe('histogram bucket limits', () => {
  it('takes 10,000 buckets and refuses 10,001, naming the count', async () => {
    const { index, rows, n } = build();
    const within = await histogram(
      index,
      n,
      rows,
      { interval: 1, extended_bounds: { min: 0, max: 9999 } },
      unlimitedBudget(),
    );
    expect(within.data).toHaveLength(10_000);
    expect(within.data.slice(0, 4).map((b) => b.count)).toEqual([0, 1, 0, 1]);
    await expect(
      histogram(index, n, rows, { interval: 1, extended_bounds: { min: 0, max: 10_000 } }, unlimitedBudget()),
    ).rejects.toThrow(
      new HistogramError('The aggregation would create 10001 buckets; at most 10000 are allowed.'),
    );
  });

  it('computes the count before allocating: 1e15 buckets are refused at once', async () => {
    const { index, rows, n, time } = build();
    await expect(
      histogram(
        index,
        n,
        rows,
        { interval: 1, extended_bounds: { min: -5e14, max: 5e14 } },
        unlimitedBudget(),
      ),
    ).rejects.toThrow('1000000000000001 buckets');
    // Found by the query fuzzer: keys of -2e308 are -Infinity, which JSON cannot carry.
    await expect(
      histogram(
        index,
        n,
        rows,
        { interval: 1e308, extended_bounds: { min: -1.7e308, max: 1.7e308 } },
        unlimitedBudget(),
      ),
    ).rejects.toThrow('beyond the range of numbers');
    await expect(
      dateHistogram(index, time, rows, '1s', unlimitedBudget(), { min: -8.6e15, max: 8.6e15 }),
    ).rejects.toThrow('at most 10000');
    await expect(autoDateHistogram(index, time, rows, 10_001, unlimitedBudget())).rejects.toThrow(
      '10001 buckets',
    );
    // Refused before any bucket is made: making them would not end within the test's timeout.
  });

  it('numbers calendar months arithmetically, also before year 100 and before year 0', async () => {
    const { index, time } = build();
    const none = new Int32Array(0);
    const data = await dateHistogram(index, time, none, '1M', unlimitedBudget(), {
      min: year(-1, 10, 15),
      max: year(0, 1, 2),
    });
    expect(data.map((b) => b.value)).toEqual([year(-1, 10), year(-1, 11), year(0, 0), year(0, 1)]);
    const quarters = await dateHistogram(index, time, none, '1q', unlimitedBudget(), {
      min: year(99, 11, 31),
      max: year(100, 3, 1),
    });
    expect(quarters.map((b) => b.value)).toEqual([year(99, 9), year(100, 0), year(100, 3)]);
  });

  it('refuses bounds that are no date or number, and calendar intervals longer than all dates', async () => {
    const { index, rows, n, time } = build();
    await expect(
      dateHistogram(index, time, rows, '1d', unlimitedBudget(), { min: 'soon', max: 0 }),
    ).rejects.toThrow('extended_bounds.min "soon" is not a date');
    await expect(
      histogram(index, n, rows, { buckets: 3, extended_bounds: { min: 'x', max: 1 } }, unlimitedBudget()),
    ).rejects.toThrow('is not a number');
    await expect(dateHistogram(index, time, rows, '999999999y', unlimitedBudget())).rejects.toThrow(
      'longer than the range of dates',
    );
  });
});
