import { ELECTRON_VOLT as EV } from '@oasis/chem';
import type { AggregationResponse } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { chosenRange, histogramBars, minMaxRange, rangeFilter, sliderStep, xRange } from './histogramData.ts';

const identity = { toDisplay: (value: number) => value, fromDisplay: (value: number) => value };
// joule <-> eV
const electronVolts = {
  toDisplay: (value: number) => value / EV,
  fromDisplay: (value: number) => value * EV,
};

const histogram = (
  data: { value: number | string; count: number }[],
  interval?: number,
): AggregationResponse => ({
  histogram: { quantity: 'q', ...(interval !== undefined ? { interval } : {}), data },
});

describe('histogram data', () => {
  it('makes bars from bucket starts and the interval', () => {
    expect(
      histogramBars(
        histogram(
          [
            { value: 2, count: 0 },
            { value: 1, count: 3 },
            { value: 3, count: 5 },
          ],
          1,
        ),
        identity,
      ),
    ).toEqual([
      { start: 1, end: 2, count: 3 },
      { start: 2, end: 3, count: 0 },
      { start: 3, end: 4, count: 5 },
    ]);
    expect(
      histogramBars(
        histogram([
          { value: 0.5, count: 1 },
          { value: 0.75, count: 2 },
        ]),
        identity,
      ),
    ).toEqual([
      { start: 0.5, end: 0.75, count: 1 },
      { start: 0.75, end: 1, count: 2 },
    ]);
    expect(histogramBars(undefined, identity)).toEqual([]);
  });

  it('converts to the display unit and reads dates', () => {
    const bars = histogramBars(histogram([{ value: EV, count: 1 }], EV), electronVolts);
    expect(bars[0]!.start).toBeCloseTo(1, 12);
    expect(bars[0]!.end).toBeCloseTo(2, 12);
    const dates = histogramBars(histogram([{ value: '2024-01-01T00:00:00Z', count: 1 }], 86400000), identity);
    expect(dates[0]).toEqual({
      start: Date.parse('2024-01-01T00:00:00Z'),
      end: Date.parse('2024-01-02T00:00:00Z'),
      count: 1,
    });
  });

  it('takes the x range from min_max unless autorange', () => {
    const bars = [
      { start: 0, end: 1, count: 0 },
      { start: 1, end: 2, count: 4 },
      { start: 2, end: 3, count: 0 },
    ];
    const limits = minMaxRange({ min_max: { quantity: 'q', data: [0, 2.5] } }, identity);
    expect(limits).toEqual([0, 2.5]);
    expect(xRange(bars, limits, false)).toEqual([0, 3]);
    expect(xRange(bars, limits, true)).toEqual([1, 2]);
    expect(minMaxRange({ min_max: { quantity: 'q', data: [null, null] } }, identity)).toBeUndefined();
  });

  it('turns a selection into a gte/lte filter in SI units or ISO dates, and back', () => {
    const filter = rangeFilter(1, 2, false, electronVolts);
    expect(filter.gte).toBeCloseTo(EV, 30);
    expect(filter.lte).toBeCloseTo(2 * EV, 30);
    expect(rangeFilter(0, 60000, true, identity)).toEqual({
      gte: '1970-01-01T00:00:00.000Z',
      lte: '1970-01-01T00:01:00.000Z',
    });
    const back = chosenRange(filter, electronVolts)!;
    expect(back.min).toBeCloseTo(1, 12);
    expect(back.max).toBeCloseTo(2, 12);
    expect(chosenRange({ gt: '1970-01-01T00:01:00.000Z' }, identity)).toEqual({ min: 60000, max: undefined });
  });

  it('steps through the range in 20 steps', () => {
    expect(sliderStep([0, 10], false)).toBe(0.5);
    expect(sliderStep([0, 10], true)).toBe(1);
    expect(sliderStep([0, 100], true)).toBe(5);
  });
});
