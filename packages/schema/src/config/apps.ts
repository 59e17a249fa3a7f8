import { Type, type Static } from '@sinclair/typebox';
import { literals, open } from './fields.ts';
import { DashboardSchema, ScaleSchema } from './widgets.ts';

/**
 * An explore app as configured under `ui.apps.options` (keys as NOMAD's env.json): what it searches, its
 * results columns and rows, the filter menu, the dashboard widgets (widgets.ts) and the locked filters.
 * Objects accept unknown keys so that configurations of newer NOMAD versions still load; menu item and
 * widget types are closed sets: an unknown type is an error (spec 2 §2).
 */
export const QueryModeSchema = literals(['any', 'all', 'none'] as const);
export const MenuSizeSchema = literals(['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const);

/** Selects search quantities by name; a trailing '*' selects a subtree. */
export const QuantitySelectionSchema = Type.Object(
  { include: Type.Optional(Type.Array(Type.String())), exclude: Type.Optional(Type.Array(Type.String())) },
  open,
);

export const PaginationConfigSchema = Type.Object(
  {
    order_by: Type.Optional(Type.String()),
    order: Type.Optional(literals(['asc', 'desc'] as const)),
    page_size: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  open,
);

export const ColumnFormatSchema = Type.Object(
  {
    mode: Type.Optional(
      Type.String({ description: 'standard, scientific, separators, date, time, datetime' }),
    ),
    decimals: Type.Optional(Type.Integer({ minimum: 0 })),
    separator: Type.Optional(Type.String()),
  },
  open,
);

export const ColumnSchema = Type.Object(
  {
    search_quantity: Type.String({ minLength: 1 }),
    selected: Type.Optional(Type.Boolean()),
    title: Type.Optional(Type.String()),
    label: Type.Optional(Type.String()),
    unit: Type.Optional(Type.String()),
    format: Type.Optional(ColumnFormatSchema),
    align: Type.Optional(literals(['left', 'right', 'center'] as const)),
  },
  open,
);
export type ColumnConfig = Static<typeof ColumnSchema>;

const Enabled = Type.Object({ enabled: Type.Optional(Type.Boolean()) }, open);

export const RowActionSchema = Type.Object(
  {
    type: literals(['url', 'north'] as const),
    path: Type.Optional(Type.String()),
    filepath: Type.Optional(Type.String()),
    tool_name: Type.Optional(Type.String()),
    icon: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
  },
  open,
);

export type RowActionConfig = Static<typeof RowActionSchema>;

export const RowsSchema = Type.Object(
  {
    actions: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          // NOMAD names actions (options) or lists them (items).
          options: Type.Optional(Type.Record(Type.String(), RowActionSchema)),
          items: Type.Optional(Type.Array(RowActionSchema)),
        },
        open,
      ),
    ),
    details: Type.Optional(Enabled),
    selection: Type.Optional(Enabled),
  },
  open,
);

const itemCommon = {
  width: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  show_header: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.String()),
};

/** A terms option shown with a fixed label, e.g. {DFT: {label: 'Search DFT entries'}}. */
export const TermsOptionSchema = Type.Object(
  { label: Type.Optional(Type.String()), description: Type.Optional(Type.String()) },
  open,
);

export const AxisSchema = Type.Object(
  {
    search_quantity: Type.String({ minLength: 1 }),
    scale: Type.Optional(ScaleSchema),
    title: Type.Optional(Type.String()),
    unit: Type.Optional(Type.String()),
  },
  open,
);

export const TermsItemSchema = Type.Object(
  {
    type: Type.Literal('terms'),
    ...itemCommon,
    search_quantity: Type.String({ minLength: 1 }),
    scale: Type.Optional(ScaleSchema),
    show_input: Type.Optional(Type.Boolean()),
    show_statistics: Type.Optional(Type.Boolean()),
    /** How many options to show (default 5), or the options themselves with their labels. */
    options: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.Record(Type.String(), TermsOptionSchema)]),
    ),
    n_columns: Type.Optional(Type.Integer({ minimum: 1 })),
    sort_static: Type.Optional(Type.Boolean()),
    query_mode: Type.Optional(QueryModeSchema),
  },
  open,
);

export const HistogramItemSchema = Type.Object(
  {
    type: Type.Literal('histogram'),
    ...itemCommon,
    x: Type.Union([AxisSchema, Type.String({ minLength: 1 })]),
    y: Type.Optional(Type.Object({ scale: Type.Optional(ScaleSchema) }, open)),
    nbins: Type.Optional(Type.Integer({ minimum: 1 })),
    autorange: Type.Optional(Type.Boolean()),
    show_input: Type.Optional(Type.Boolean()),
    show_statistics: Type.Optional(Type.Boolean()),
  },
  open,
);

export const PeriodicTableItemSchema = Type.Object(
  {
    type: Type.Literal('periodic_table'),
    ...itemCommon,
    search_quantity: Type.String({ minLength: 1 }),
    scale: Type.Optional(ScaleSchema),
    show_statistics: Type.Optional(Type.Boolean()),
  },
  open,
);

const simpleItem = <T extends string>(type: T) =>
  Type.Object({ type: Type.Literal(type), ...itemCommon }, open);
export const VisibilityItemSchema = simpleItem('visibility');
export const DefinitionsItemSchema = simpleItem('definitions');
export const OptimadeItemSchema = simpleItem('optimade');
export const CustomQuantitiesItemSchema = simpleItem('custom_quantities');

/** The nine item types of a filter menu; nested_object and menu contain items themselves. */
export const MenuItemSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      TermsItemSchema,
      HistogramItemSchema,
      PeriodicTableItemSchema,
      Type.Object(
        {
          type: Type.Literal('nested_object'),
          ...itemCommon,
          path: Type.String({ minLength: 1 }),
          items: Type.Optional(Type.Array(Self)),
        },
        open,
      ),
      VisibilityItemSchema,
      DefinitionsItemSchema,
      OptimadeItemSchema,
      CustomQuantitiesItemSchema,
      Type.Object(
        {
          type: Type.Literal('menu'),
          ...itemCommon,
          size: Type.Optional(MenuSizeSchema),
          indentation: Type.Optional(Type.Integer({ minimum: 0 })),
          items: Type.Optional(Type.Array(Self)),
        },
        open,
      ),
    ]),
  { $id: 'MenuItem' },
);
export type MenuItemConfig = Static<typeof MenuItemSchema>;
export type TermsItemConfig = Static<typeof TermsItemSchema>;
export type HistogramItemConfig = Static<typeof HistogramItemSchema>;
export type PeriodicTableItemConfig = Static<typeof PeriodicTableItemSchema>;
export type NestedObjectItemConfig = Extract<MenuItemConfig, { type: 'nested_object' }>;
export type MenuConfig = Extract<MenuItemConfig, { type: 'menu' }>;
export const menuItemTypes = [
  'terms',
  'histogram',
  'periodic_table',
  'nested_object',
  'visibility',
  'definitions',
  'optimade',
  'custom_quantities',
  'menu',
] as const;

export const AppConfigSchema = Type.Object(
  {
    label: Type.String(),
    path: Type.String(),
    resource: literals(['entries', 'materials'] as const),
    category: Type.String(),
    description: Type.Optional(Type.String()),
    readme: Type.Optional(Type.String()),
    breadcrumb: Type.Optional(Type.String()),
    pagination: Type.Optional(PaginationConfigSchema),
    columns: Type.Optional(Type.Array(ColumnSchema)),
    rows: Type.Optional(RowsSchema),
    menu: Type.Optional(MenuItemSchema),
    dashboard: Type.Optional(DashboardSchema),
    filters: Type.Optional(QuantitySelectionSchema),
    /** Filters applied to every search of the app that the user cannot change, e.g. {'results.method.method_name': 'EELS'}. */
    filters_locked: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    search_quantities: Type.Optional(QuantitySelectionSchema),
    search_syntaxes: Type.Optional(Type.Object({ exclude: Type.Optional(Type.Array(Type.String())) }, open)),
  },
  open,
);
export type AppConfig = Static<typeof AppConfigSchema>;
