import type { Breakpoint, LayoutItem } from './widgets.ts';

// The dashboard's grid, shared by the GUI (which draws it) and the server (which sends the search page's
// first frame with the widgets' places in it, so that nothing moves when the GUI takes over).

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

/** Height of one grid row in pixels: a cell is square at the breakpoint's minimum width. */
export const ROW_HEIGHT = 710 / 12;
/** Space between widgets in pixels. */
export const GRID_GAP = 8;

/** A widget's place on the grid, in cells; always finite and inside the columns. */
export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Cell, b: Cell) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The size and bounds rules: at least the minimum (3×3 unless larger), at most the grid's width. */
function bounded(item: LayoutItem | undefined, cols: number): Cell {
  // A widget without a layout for this breakpoint gets the fallback size at the bottom left.
  const source = item ?? { x: 0, y: Infinity, w: MIN_SIZE, h: MIN_SIZE, minW: MIN_SIZE, minH: MIN_SIZE };
  const minW = Math.max(MIN_SIZE, source.minW);
  const minH = Math.max(MIN_SIZE, source.minH);
  const w = Math.min(cols, Math.max(minW, source.w));
  const h = Math.max(minH, source.h);
  // x = Infinity (or anything sticking out) means: at the right edge.
  const x = Number.isFinite(source.x) && source.x + w <= cols ? Math.max(0, source.x) : cols - w;
  const y = Number.isNaN(source.y) ? Infinity : Math.max(0, source.y);
  return { x, y, w, h };
}

/**
 * Places widgets on a grid of `cols` columns the way a vertically compacting grid does: in reading
 * order (by y, then x), each widget moves up as far as it can and then down past anything it would
 * overlap. Positions stay those of the config wherever they fit.
 */
export function compact(items: readonly { id: string; layout?: LayoutItem }[], cols: number) {
  const wanted = items.map((item, index) => ({ id: item.id, index, cell: bounded(item.layout, cols) }));
  const order = [...wanted].sort((a, b) => a.cell.y - b.cell.y || a.cell.x - b.cell.x || a.index - b.index);
  const placed: Cell[] = [];
  const result = new Map<string, Cell>();
  for (const { id, cell } of order) {
    const bottom = placed.reduce((max, other) => Math.max(max, other.y + other.h), 0);
    const current = { ...cell, y: Math.min(cell.y, bottom) };
    while (current.y > 0 && !placed.some((other) => overlaps(other, { ...current, y: current.y - 1 }))) {
      current.y -= 1;
    }
    for (let hit = placed.find((other) => overlaps(other, current)); hit;) {
      current.y = hit.y + hit.h;
      hit = placed.find((other) => overlaps(other, current));
    }
    placed.push(current);
    result.set(id, current);
  }
  return result;
}
