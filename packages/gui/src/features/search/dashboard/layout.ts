import {
  BREAKPOINT_WIDTHS,
  BREAKPOINTS,
  COLUMNS,
  compact,
  GRID_GAP,
  MIN_SIZE,
  ROW_HEIGHT,
  type Breakpoint,
  type LayoutItem,
} from '@oasis/schema';

/** The widest breakpoint whose minimum width fits; below the smallest one, the smallest. */
export function breakpointFor(width: number): Breakpoint {
  let chosen: Breakpoint = 'sm';
  for (const breakpoint of BREAKPOINTS) if (width >= BREAKPOINT_WIDTHS[breakpoint]) chosen = breakpoint;
  return chosen;
}

/** Pixel height of a widget that is `h` rows high. */
export function heightInPixels(h: number): number {
  return h * ROW_HEIGHT + (h - 1) * GRID_GAP;
}

/** Layout for a widget added to `existing`: its size at the right edge, as high as it fits. */
export function placeNew(
  existing: readonly { id: string; layout?: LayoutItem }[],
  size: { w: number; h: number },
  breakpoint: Breakpoint,
): LayoutItem {
  const id = '\u0000new';
  const layout = { x: Infinity, y: Infinity, ...size, minW: MIN_SIZE, minH: MIN_SIZE };
  const cell = compact([...existing, { id, layout }], COLUMNS[breakpoint]).get(id)!;
  return { ...cell, minW: MIN_SIZE, minH: MIN_SIZE };
}
