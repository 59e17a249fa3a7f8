export { MENU_WIDTHS, menuWidth } from '@oasis/schema';

/** Width of the collapsed filter menu, which then only shows 'Filters' rotated. */
export const COLLAPSED_WIDTH = '3rem';
