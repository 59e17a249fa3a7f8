import type { Breakpoint, WidgetType } from './types.ts';

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

/** Size (w × h in cells) of a widget added by the user. */
export const NEW_WIDGET_SIZE: Readonly<Record<WidgetType, { w: number; h: number }>> = {
  scatter_plot: { w: 9, h: 6 },
  periodic_table: { w: 12, h: 9 },
  histogram: { w: 8, h: 3 },
  terms: { w: 6, h: 9 },
};

export const DEFAULT_NBINS = 30;
export const NBINS_CHOICES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_SCATTER_SIZE = 1000;
export const SCATTER_SIZE_CHOICES = [100, 1000, 10000] as const;
export const SCATTER_POINT_SIZE = 8;
export const DEFAULT_ELEMENTS_QUANTITY = 'results.material.elements';
/** All elements, so every cell of the periodic table gets its count. */
export const ELEMENTS_AGGREGATION_SIZE = 118;

/** A terms widget lists as many values as rows of this height fit (spec 2 §9). */
export const TERMS_ROW_HEIGHT = 34;

/** Colour scale of scatter markers: dark blue to orange. */
export const COLOR_RANGE = ['#0d0887', '#ff8c00'] as const;
