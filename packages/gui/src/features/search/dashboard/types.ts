/**
 * Dashboard widget configurations as NOMAD's app config writes them (`dashboard.widgets` in nomad.yaml,
 * the YAML import and export). Field names are NOMAD's, so configs move between installations unchanged.
 */

export const WIDGET_TYPES = ['terms', 'histogram', 'scatter_plot', 'periodic_table'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Older configs spell two types without the underscore; they are read as the canonical type. */
export const WIDGET_TYPE_ALIASES: Readonly<Record<string, WidgetType>> = {
  scatterplot: 'scatter_plot',
  periodictable: 'periodic_table',
};

/** Statistics scales: how counts map to bar length or colour. */
export const SCALES = ['linear', 'log', '1/2', '1/4', '1/8'] as const;
type Scale = (typeof SCALES)[number];

/** Plot axes are linear or logarithmic. */
export const AXIS_SCALES = ['linear', 'log'] as const;
type AxisScale = (typeof AXIS_SCALES)[number];

export const DRAG_MODES = ['zoom', 'pan', 'select'] as const;
export type DragMode = (typeof DRAG_MODES)[number];

export const QUERY_MODES = ['and', 'or'] as const;
type TermsQueryMode = (typeof QUERY_MODES)[number];

export const BREAKPOINTS = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Grid cell units; `x` may be Infinity, which places the widget at the right edge. */
export interface LayoutItem {
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  minH: number;
}

export type Layouts = Partial<Record<Breakpoint, LayoutItem>>;

interface WidgetBase {
  title?: string;
  description?: string;
  layout?: Layouts;
}

export interface AxisConfig {
  search_quantity: string;
  title?: string;
  unit?: string;
}

export interface ScatterAxisConfig extends AxisConfig {
  scale?: AxisScale;
}

export interface TermsWidgetConfig extends WidgetBase {
  type: 'terms';
  search_quantity: string;
  scale: Scale;
  show_input?: boolean;
  query_mode?: TermsQueryMode;
}

export interface HistogramWidgetConfig extends WidgetBase {
  type: 'histogram';
  x: AxisConfig;
  y: { scale: Scale };
  nbins: number;
  autorange?: boolean;
  show_input?: boolean;
}

export interface ScatterPlotWidgetConfig extends WidgetBase {
  type: 'scatter_plot';
  x: ScatterAxisConfig;
  y: ScatterAxisConfig;
  markers?: { color?: AxisConfig };
  size: number;
  autorange?: boolean;
  drag_mode?: DragMode;
}

export interface PeriodicTableWidgetConfig extends WidgetBase {
  type: 'periodic_table';
  search_quantity: string;
  scale: Scale;
}

/** What is persisted and exported. */
export type WidgetConfig =
  TermsWidgetConfig | HistogramWidgetConfig | ScatterPlotWidgetConfig | PeriodicTableWidgetConfig;

/** A widget on screen: the config plus state that is never persisted. */
export type Widget = WidgetConfig & {
  /** A timestamp string, unique within the dashboard. */
  id: string;
  /** The edit dialog is open. */
  editing: boolean;
  /** False until the first accepted edit; a widget that never became visible is dropped on cancel. */
  visible: boolean;
};
