import type { Breakpoint } from '@oasis/schema';

/** Grid columns per breakpoint (spec 2 §9). */
export const COLUMNS: Readonly<Record<Breakpoint, number>> = { sm: 12, md: 18, lg: 24, xl: 30, xxl: 36 };

/** One column is 710/12 px wide at the breakpoint's minimum width, so each breakpoint starts at cols × that. */
const COLUMN_WIDTH = 710 / 12;
export const BREAKPOINT_WIDTHS: Readonly<Record<Breakpoint, number>> = {
  sm: COLUMN_WIDTH * COLUMNS.sm,
  md: COLUMN_WIDTH * COLUMNS.md,
  lg: COLUMN_WIDTH * COLUMNS.lg,
  xl: COLUMN_WIDTH * COLUMNS.xl,
  xxl: COLUMN_WIDTH * COLUMNS.xxl,
};

/** Smallest widget, and the size of a widget whose layout lacks the breakpoint. */
export const MIN_SIZE = 3;

export const SCATTER_POINT_SIZE = 8;
/** All elements, so every cell of the periodic table gets its count. */
export const ELEMENTS_AGGREGATION_SIZE = 118;

/** A terms widget lists as many values as rows of this height fit (spec 2 §9). */
export const TERMS_ROW_HEIGHT = 34;

/** Colour scale of scatter markers: dark blue to orange. */
export const COLOR_RANGE = ['#0d0887', '#ff8c00'] as const;
