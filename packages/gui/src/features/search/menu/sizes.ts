/** Widths of the filter menu and its sub-menus by their `size` (spec 2 §2). */
export const MENU_WIDTHS = {
  xs: '17rem',
  sm: '21rem',
  md: '25rem',
  lg: '29rem',
  xl: '33rem',
  xxl: '45rem',
} as const;

export type MenuSize = keyof typeof MENU_WIDTHS;

/** Width of the collapsed filter menu, which then only shows 'Filters' rotated. */
export const COLLAPSED_WIDTH = '3rem';

export const menuWidth = (size: string | undefined, fallback: MenuSize = 'sm'): string =>
  size && size in MENU_WIDTHS ? MENU_WIDTHS[size as MenuSize] : MENU_WIDTHS[fallback];
