import {
  DEFAULT_ELEMENTS_QUANTITY,
  DEFAULT_NBINS,
  DEFAULT_SCATTER_SIZE,
  MIN_SIZE,
  NEW_WIDGET_SIZE,
} from './constants.ts';
import { widgetType } from './schema.ts';
import { BREAKPOINTS, type Layouts, type WidgetConfig, type WidgetType } from './types.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fills the fields an app config may leave out, as the server-side config models do (spec 2 §9 widget
 * defaults). Used for the app's own dashboard only: an imported YAML must name every required field.
 */
export function withDefaults(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  switch (widgetType(raw.type)) {
    case 'terms':
      return { scale: 'linear', ...raw };
    case 'periodic_table':
      return { scale: 'linear', search_quantity: DEFAULT_ELEMENTS_QUANTITY, ...raw };
    case 'histogram':
      return {
        nbins: DEFAULT_NBINS,
        autorange: false,
        ...raw,
        y: { scale: 'linear', ...(isObject(raw.y) ? raw.y : {}) },
      };
    case 'scatter_plot':
      return { size: DEFAULT_SCATTER_SIZE, autorange: true, drag_mode: 'zoom', ...raw };
    default:
      return raw;
  }
}

/** Layout of a new widget at every breakpoint: its type's size at the right edge, below the others. */
function newWidgetLayout(type: WidgetType): Layouts {
  const { w, h } = NEW_WIDGET_SIZE[type];
  const layouts: Layouts = {};
  for (const breakpoint of BREAKPOINTS) {
    layouts[breakpoint] = { x: Infinity, y: Infinity, w, h, minW: MIN_SIZE, minH: MIN_SIZE };
  }
  return layouts;
}

/** The config a widget added by the user starts with; `quantity` preselects its (x-axis) quantity. */
export function newWidgetConfig(type: WidgetType, quantity = ''): WidgetConfig {
  const layout = newWidgetLayout(type);
  switch (type) {
    case 'terms':
      return { type, search_quantity: quantity, scale: 'linear', show_input: true, layout };
    case 'periodic_table':
      return { type, search_quantity: quantity || DEFAULT_ELEMENTS_QUANTITY, scale: 'linear', layout };
    case 'histogram':
      return {
        type,
        x: { search_quantity: quantity },
        y: { scale: 'linear' },
        nbins: DEFAULT_NBINS,
        autorange: false,
        show_input: true,
        layout,
      };
    case 'scatter_plot':
      return {
        type,
        x: { search_quantity: quantity },
        y: { search_quantity: '' },
        size: DEFAULT_SCATTER_SIZE,
        autorange: true,
        drag_mode: 'zoom',
        layout,
      };
  }
}

/** The quantity a widget is about: the one the filter menu's add control toggles. */
export function mainQuantity(config: WidgetConfig): string {
  return config.type === 'histogram' || config.type === 'scatter_plot'
    ? config.x.search_quantity
    : config.search_quantity;
}
