import type { ColumnConfig, MenuItemConfig, TermsItemConfig, WidgetConfig } from '@oasis/schema';

/**
 * Builders of app configuration in the form NOMAD's env.json serialises it, with its defaults written
 * out (NOMAD's GUI reads them from the config rather than assuming them): linear scales, one column,
 * statically sorted options and statistics shown.
 */

type TermsOptions = Partial<Omit<TermsItemConfig, 'type' | 'search_quantity'>>;

export const terms = (search_quantity: string, extra: TermsOptions = {}): MenuItemConfig => ({
  type: 'terms',
  search_quantity,
  scale: 'linear',
  show_input: false,
  width: 12,
  show_header: true,
  n_columns: 1,
  sort_static: true,
  show_statistics: true,
  ...extra,
});

/** Terms with a text input and no listed options: for values too many to list (formulas, ids, names). */
export const searchable = (search_quantity: string, extra: TermsOptions = {}): MenuItemConfig =>
  terms(search_quantity, { show_input: true, options: 0, ...extra });

/** A single checkbox that narrows the search to one value, e.g. 'Search DFT entries'. */
export const toggle = (search_quantity: string, value: string, label: string): MenuItemConfig =>
  terms(search_quantity, {
    show_header: false,
    options: { [value]: { label } },
    show_statistics: false,
  });

export const histogram = (search_quantity: string): MenuItemConfig => ({
  type: 'histogram',
  show_input: true,
  x: { search_quantity, scale: 'linear' },
  y: { scale: 'linear' },
  autorange: false,
  width: 12,
  show_header: true,
  show_statistics: true,
});

export const periodicTable = (search_quantity: string): MenuItemConfig => ({
  type: 'periodic_table',
  search_quantity,
  scale: 'linear',
  width: 12,
  show_header: true,
  show_statistics: true,
});

export const nestedObject = (path: string, items: MenuItemConfig[]): MenuItemConfig => ({
  type: 'nested_object',
  width: 12,
  show_header: true,
  path,
  items,
});

type MenuSize = 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

/**
 * A filter menu entry: a heading without items, or a sub-menu. Sub-menus are indented (1) unless given
 * another indentation; `null` leaves it out, as NOMAD's top-level menus have none.
 */
export const menu = (
  title: string,
  items?: MenuItemConfig[],
  { size = 'md', indentation = 1 }: { size?: MenuSize; indentation?: number | null } = {},
): MenuItemConfig => ({
  type: 'menu',
  width: 12,
  show_header: true,
  title,
  size,
  ...(items && indentation !== null ? { indentation } : {}),
  ...(items ? { items } : {}),
});

/** A simple item (visibility, definitions, optimade, custom quantities) as NOMAD writes it. */
export const plain = (
  type: 'visibility' | 'definitions' | 'optimade' | 'custom_quantities',
): MenuItemConfig => ({
  type,
  width: 12,
  show_header: true,
});

export const column = (search_quantity: string, selected: boolean, title?: string): ColumnConfig => ({
  search_quantity,
  selected,
  ...(title ? { title, label: title } : {}),
  align: 'left',
});

const BREAKPOINTS = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;

/** Layouts per breakpoint, sm to xxl, each [x, y, w, h]; widgets are at least 3x3. */
export const layout = (...sizes: [number, number, number, number][]): NonNullable<WidgetConfig['layout']> =>
  Object.fromEntries(
    sizes.map(([x, y, w, h], i) => [BREAKPOINTS[i], { x, y, w, h, minW: 3, minH: 3 }]),
  ) as NonNullable<WidgetConfig['layout']>;
