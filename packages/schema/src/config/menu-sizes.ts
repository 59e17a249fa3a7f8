// The filter menu's widths, shared by the GUI (which draws the menu) and the server (which sends the search
// page's first frame with the menu's frame in it, so that nothing moves when the GUI takes over).

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

/** The width of a menu of `size`, or of `fallback` when the size is not one of MENU_WIDTHS'. */
export const menuWidth = (size: string | undefined, fallback: MenuSize = 'sm'): string =>
  size && size in MENU_WIDTHS ? MENU_WIDTHS[size as MenuSize] : MENU_WIDTHS[fallback];
