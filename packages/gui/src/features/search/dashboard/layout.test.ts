import { describe, expect, it } from 'vitest';
import { BREAKPOINT_WIDTHS, compact } from '@oasis/schema';
import { breakpointFor, placeNew } from './layout.ts';

const item = (id: string, x: number, y: number, w: number, h: number) => ({
  id,
  layout: { x, y, w, h, minW: 3, minH: 3 },
});

describe('breakpoints', () => {
  it('start at 710/12 px per column', () => {
    expect(BREAKPOINT_WIDTHS).toEqual({ sm: 710, md: 1065, lg: 1420, xl: 1775, xxl: 2130 });
    expect(breakpointFor(300)).toBe('sm');
    expect(breakpointFor(1064)).toBe('sm');
    expect(breakpointFor(1065)).toBe('md');
    expect(breakpointFor(1500)).toBe('lg');
    expect(breakpointFor(5000)).toBe('xxl');
  });
});

describe('compact', () => {
  it('keeps a layout that fits and moves widgets up into gaps', () => {
    const cells = compact([item('a', 0, 0, 13, 9), item('b', 13, 0, 6, 9), item('c', 0, 20, 6, 3)], 36);
    expect(cells.get('a')).toEqual({ x: 0, y: 0, w: 13, h: 9 });
    expect(cells.get('b')).toEqual({ x: 13, y: 0, w: 6, h: 9 });
    expect(cells.get('c')).toEqual({ x: 0, y: 9, w: 6, h: 3 });
  });

  it('pushes overlapping widgets down', () => {
    const cells = compact([item('a', 0, 0, 6, 4), item('b', 3, 2, 6, 4)], 12);
    expect(cells.get('b')).toEqual({ x: 3, y: 4, w: 6, h: 4 });
  });

  it('puts x = Infinity at the right edge and keeps sizes within the minimum and the columns', () => {
    const cells = compact([item('a', Infinity, 0, 6, 1), item('b', 0, 0, 40, 2)], 12);
    // Reading order: b (x 0) is placed first, a goes below it.
    expect(cells.get('b')).toEqual({ x: 0, y: 0, w: 12, h: 3 });
    expect(cells.get('a')).toEqual({ x: 6, y: 3, w: 6, h: 3 });
  });

  it('gives a widget without a layout the 3x3 fallback at the bottom', () => {
    const cells = compact([item('a', 0, 0, 12, 5), { id: 'b' }], 12);
    expect(cells.get('b')).toEqual({ x: 0, y: 5, w: 3, h: 3 });
  });
});

describe('placeNew', () => {
  it('places a new widget at the right edge as high as it fits', () => {
    expect(placeNew([item('a', 0, 0, 12, 9)], { w: 6, h: 9 }, 'lg')).toEqual({
      x: 18,
      y: 0,
      w: 6,
      h: 9,
      minW: 3,
      minH: 3,
    });
    expect(placeNew([item('a', 0, 0, 12, 9)], { w: 6, h: 9 }, 'sm')).toMatchObject({ x: 6, y: 9 });
  });
});
