import { Type, type Static, type StaticDecode, type TProperties } from '@sinclair/typebox';
import { form, literals, open, type QuantityDtype } from './fields.ts';

/**
 * Dashboard widgets as NOMAD's app config writes them (`dashboard.widgets` in nomad.yaml, the GUI's YAML
 * import and export). Each field is declared once, here: its type, its default (`default`, filled in when
 * a config leaves it out) and its edit form (`form`: label, editor, error texts; fields.ts). The GUI's edit
 * dialog, new widgets and validation are generated from these declarations.
 */

const SCALES = ['linear', 'log', '1/2', '1/4', '1/8'] as const;
/** Statistics scales: how counts map to bar length or colour. */
export const ScaleSchema = literals(SCALES);

/** The elements quantity: the periodic table's default, and the one the filter menu shows there. */
export const ELEMENTS_QUANTITY = 'results.material.elements';

/** Grid cell units; x may be infinite (YAML `.inf`): at the right edge. */
export const WidgetLayoutSchema = Type.Object(
  {
    x: Type.Union([Type.Integer(), Type.Literal(Infinity)]),
    y: Type.Integer(),
    w: Type.Integer({ minimum: 1 }),
    h: Type.Integer({ minimum: 1 }),
    minW: Type.Integer({ minimum: 1, default: 3 }),
    minH: Type.Integer({ minimum: 1, default: 3 }),
  },
  open,
);
export type LayoutItem = Static<typeof WidgetLayoutSchema>;

// A layout is keyed by breakpoint: any other key is a mistake.
const LayoutsSchema = Type.Object(
  {
    sm: Type.Optional(WidgetLayoutSchema),
    md: Type.Optional(WidgetLayoutSchema),
    lg: Type.Optional(WidgetLayoutSchema),
    xl: Type.Optional(WidgetLayoutSchema),
    xxl: Type.Optional(WidgetLayoutSchema),
  },
  { additionalProperties: false },
);
export type Layouts = Static<typeof LayoutsSchema>;
export type Breakpoint = keyof Layouts;
/** From the narrowest to the widest. */
export const BREAKPOINTS = Object.keys(LayoutsSchema.properties) as readonly Breakpoint[];

// Field declarations: one helper per kind of input.

const quantity = (
  dtypes: readonly QuantityDtype[],
  extra: { aggregatable?: boolean; accept?: string; default?: string } = {},
) =>
  Type.String({
    minLength: 1,
    ...(extra.default ? { default: extra.default } : {}),
    ...form({
      label: 'Search quantity',
      editor: 'quantity',
      dtypes,
      required: 'Search quantity required',
      ...(extra.aggregatable ? { aggregatable: true } : {}),
      ...(extra.accept ? { accept: extra.accept } : {}),
    }),
  });
const text = (label: string) => Type.Optional(Type.String(form({ label, editor: 'text' })));
const unit = () => Type.Optional(Type.String(form({ label: 'Unit', editor: 'unit' })));
const checkbox = (label: string, value: boolean) =>
  Type.Boolean({ default: value, ...form({ label, editor: 'checkbox' }) });
const statisticsScale = () =>
  literals(SCALES, {
    default: 'linear',
    ...form({
      label: 'Statistics scaling',
      editor: 'select',
      required: 'Scale required',
      invalid: 'Invalid scaling type.',
    }),
  });
const section = (label: string, required?: string) =>
  form({ label, editor: 'section', ...(required ? { required } : {}) });

/** An axis as an object, or (NOMAD allows it) as the bare quantity name; read as the object. */
const axis = <P extends TProperties>(properties: P, options: object) =>
  Type.Transform(Type.Union([Type.Object(properties, open), Type.String({ minLength: 1 })], options))
    // The name is the axis's quantity; the other fields of an axis are optional.
    .Decode(
      (value) =>
        (typeof value === 'string' ? { search_quantity: value } : value) as Exclude<typeof value, string>,
    )
    .Encode((value) => value);

interface WidgetInfo {
  type: WidgetType;
  /** Older names of the type that configs may use. */
  aliases: readonly string[];
  /** Its name in menus and dialog titles. */
  label: string;
  /** Size in grid cells of a widget the user adds. */
  size: { w: number; h: number };
}

/** A widget's schema: its type (older aliases are read as the canonical name), its fields, its place. */
const widget = <N extends string, A extends readonly string[], P extends TProperties>(
  type: N,
  aliases: A,
  info: Pick<WidgetInfo, 'label' | 'size'>,
  fields: P,
) =>
  Type.Object(
    {
      type: Type.Transform(literals([type, ...aliases]))
        .Decode((): N => type)
        .Encode((value) => value),
      ...fields,
      description: Type.Optional(Type.String()),
      layout: Type.Optional(LayoutsSchema),
    },
    { ...open, widget: { type, aliases, ...info } },
  );

export const TermsWidgetSchema = widget(
  'terms',
  [],
  { label: 'Terms', size: { w: 6, h: 9 } },
  {
    search_quantity: quantity(['string', 'enum', 'boolean'], { aggregatable: true }),
    title: text('Title'),
    scale: statisticsScale(),
    // 'and' combines the chosen values as all, 'or' as any (spec 2 §4).
    query_mode: Type.Optional(
      literals(['and', 'or'] as const, form({ label: 'Query mode', editor: 'select' })),
    ),
    show_input: checkbox('Show input field', true),
  },
);

export const HistogramWidgetSchema = widget(
  'histogram',
  [],
  { label: 'Histogram', size: { w: 8, h: 3 } },
  {
    title: text('Title'),
    x: axis(
      {
        search_quantity: quantity(['float', 'int', 'timestamp']),
        title: text('Title'),
        unit: unit(),
        // NOMAD's axis scale; the histogram's bars are counted on y.scale.
        scale: Type.Optional(literals(['linear', 'log'])),
      },
      section('X axis', 'X-axis configuration required'),
    ),
    y: Type.Object(
      { scale: statisticsScale() },
      { ...open, default: {}, ...section('Y axis', 'Y-axis configuration required') },
    ),
    nbins: Type.Integer({
      minimum: 1,
      default: 30,
      ...form({
        label: 'Number of bins',
        editor: 'select',
        choices: [10, 20, 30, 40, 50],
        required: 'nbins required',
        invalid: 'nbins must be an integer',
      }),
    }),
    autorange: checkbox('Autorange', false),
    show_input: checkbox('Show input fields', true),
  },
);

const scatterAxis = (label: string) =>
  axis(
    {
      search_quantity: quantity(['int', 'float', 'timestamp'], { accept: 'Please specify a value' }),
      title: text('Title'),
      unit: unit(),
      scale: Type.Optional(literals(['linear', 'log'] as const, form({ label: 'Scale', editor: 'select' }))),
    },
    section(label, 'Search quantity required'),
  );

export const ScatterPlotWidgetSchema = widget(
  'scatter_plot',
  ['scatterplot'],
  { label: 'Scatter plot', size: { w: 9, h: 6 } },
  {
    title: text('Title'),
    x: scatterAxis('X axis'),
    y: scatterAxis('Y axis'),
    markers: Type.Optional(
      Type.Object(
        {
          color: Type.Optional(
            Type.Object(
              {
                search_quantity: quantity(['string', 'enum', 'float', 'int']),
                title: text('Title'),
                unit: unit(),
              },
              { ...open, ...section('Marker color') },
            ),
          ),
        },
        open,
      ),
    ),
    size: Type.Integer({
      minimum: 1,
      default: 1000,
      ...form({
        label: 'Maximum number of entries to load',
        editor: 'select',
        choices: [100, 1000, 10000],
        required: 'Size required',
        invalid: 'Size must be an integer',
      }),
    }),
    drag_mode: literals(['zoom', 'pan', 'select'] as const, {
      default: 'zoom',
      ...form({ label: 'Drag mode', editor: 'select' }),
    }),
    autorange: checkbox('Autorange', true),
  },
);

export const PeriodicTableWidgetSchema = widget(
  'periodic_table',
  ['periodictable'],
  { label: 'Periodic table', size: { w: 12, h: 9 } },
  {
    search_quantity: quantity(['string', 'enum'], { aggregatable: true, default: ELEMENTS_QUANTITY }),
    title: text('Title'),
    scale: statisticsScale(),
  },
);

/** The widget types in the order the dashboard's add menu offers them. */
const WIDGET_SCHEMAS = [
  TermsWidgetSchema,
  HistogramWidgetSchema,
  ScatterPlotWidgetSchema,
  PeriodicTableWidgetSchema,
] as const;

/** A dashboard widget of any type; 'periodictable' and 'scatterplot' are NOMAD's older names. */
export const WidgetSchema = Type.Union([...WIDGET_SCHEMAS]);

/** A widget as a config may write it (aliases, an axis as its name). */
export type WidgetInput = Static<typeof WidgetSchema>;
/** A widget as read: canonical type names, axes as objects, defaults filled in. */
export type WidgetConfig = StaticDecode<typeof WidgetSchema>;
export type WidgetType = WidgetConfig['type'];
export type TermsWidgetConfig = StaticDecode<typeof TermsWidgetSchema>;
export type HistogramWidgetConfig = StaticDecode<typeof HistogramWidgetSchema>;
export type ScatterPlotWidgetConfig = StaticDecode<typeof ScatterPlotWidgetSchema>;
export type PeriodicTableWidgetConfig = StaticDecode<typeof PeriodicTableWidgetSchema>;

export const DashboardSchema = Type.Object({ widgets: Type.Array(WidgetSchema) }, open);

type WidgetSchemaOf = (typeof WIDGET_SCHEMAS)[number];

const infoOf = (schema: WidgetSchemaOf) => (schema as unknown as { widget: WidgetInfo }).widget;

/** The widget types with their names and sizes, in the add menu's order. */
export const WIDGET_TYPES: readonly WidgetInfo[] = WIDGET_SCHEMAS.map(infoOf);

/** The schema of a widget type, given its canonical name or an alias; undefined for anything else. */
export function widgetSchema(type: unknown): WidgetSchemaOf | undefined {
  return WIDGET_SCHEMAS.find((schema) => {
    const info = infoOf(schema);
    return info.type === type || info.aliases.includes(type as string);
  });
}
