import { MESSAGES } from './messages.ts';
import {
  AXIS_SCALES,
  BREAKPOINTS,
  DRAG_MODES,
  QUERY_MODES,
  SCALES,
  WIDGET_TYPE_ALIASES,
  WIDGET_TYPES,
  type AxisConfig,
  type Layouts,
  type LayoutItem,
  type ScatterAxisConfig,
  type WidgetConfig,
  type WidgetType,
} from './types.ts';

/** Field path ('x.search_quantity', 'layout.lg.w') to the first problem found there. */
export type FieldErrors = Record<string, string>;

export type ParseResult = { ok: true; config: WidgetConfig } | { ok: false; errors: FieldErrors };

type Json = Record<string, unknown>;

/** A widget config without its type, per type (Omit on the union would keep only the shared keys). */
type WidgetBody = WidgetConfig extends infer T ? (T extends unknown ? Omit<T, 'type'> : never) : never;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The canonical type for a type name or alias, undefined for anything else. */
export function widgetType(value: unknown): WidgetType | undefined {
  if (typeof value !== 'string') return undefined;
  return (WIDGET_TYPES as readonly string[]).includes(value)
    ? (value as WidgetType)
    : WIDGET_TYPE_ALIASES[value];
}

/** Collects errors while reading one widget; each reader returns the value or undefined. */
class Reader {
  readonly errors: FieldErrors = {};

  fail(path: string, message: string): undefined {
    this.errors[path] ??= message;
    return undefined;
  }

  optionalString(source: Json, key: string, path: string): string | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    return typeof value === 'string' ? value : this.fail(path, `${path} must be a string`);
  }

  requiredString(source: Json, key: string, path: string, required: string): string | undefined {
    const value = source[key];
    if (value === undefined || value === null || value === '') return this.fail(path, required);
    return typeof value === 'string' ? value : this.fail(path, `${path} must be a string`);
  }

  optionalBoolean(source: Json, key: string, path: string): boolean | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    return typeof value === 'boolean' ? value : this.fail(path, `${path} must be true or false`);
  }

  choice<T extends string>(
    source: Json,
    key: string,
    path: string,
    choices: readonly T[],
    required?: string,
    invalid?: string,
  ): T | undefined {
    const value = source[key];
    if (value === undefined || value === null || value === '')
      return required ? this.fail(path, required) : undefined;
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    return this.fail(path, invalid ?? `${path} must be one of ${choices.join(', ')}`);
  }

  integer(source: Json, key: string, path: string, required: string, notInteger: string): number | undefined {
    const value = source[key];
    if (value === undefined || value === null || value === '') return this.fail(path, required);
    return typeof value === 'number' && Number.isInteger(value) ? value : this.fail(path, notInteger);
  }
}

/** Search quantity of an axis; NOMAD also accepts the bare quantity name and the older key `quantity`. */
function readAxis(reader: Reader, source: Json, key: string): AxisConfig | undefined {
  const raw = source[key];
  const axis: Json = typeof raw === 'string' ? { search_quantity: raw } : isObject(raw) ? raw : {};
  if (raw !== undefined && raw !== null && typeof raw !== 'string' && !isObject(raw)) {
    return reader.fail(key, `${key} must be an object`);
  }
  const search_quantity = reader.requiredString(
    { search_quantity: axis.search_quantity ?? axis.quantity },
    'search_quantity',
    `${key}.search_quantity`,
    MESSAGES.searchQuantityRequired,
  );
  const title = reader.optionalString(axis, 'title', `${key}.title`);
  const unit = reader.optionalString(axis, 'unit', `${key}.unit`);
  if (search_quantity === undefined) return undefined;
  return { search_quantity, ...(title ? { title } : {}), ...(unit ? { unit } : {}) };
}

function readScatterAxis(reader: Reader, source: Json, key: 'x' | 'y'): ScatterAxisConfig | undefined {
  const axis = readAxis(reader, source, key);
  const raw = source[key];
  const scale = isObject(raw) ? reader.choice(raw, 'scale', `${key}.scale`, AXIS_SCALES) : undefined;
  return axis && { ...axis, ...(scale ? { scale } : {}) };
}

function readLayoutItem(reader: Reader, raw: unknown, path: string): LayoutItem | undefined {
  if (!isObject(raw)) return reader.fail(path, `${path} must be an object`);
  const item: Partial<LayoutItem> = {};
  for (const key of ['x', 'y', 'w', 'h', 'minW', 'minH'] as const) {
    const value = raw[key];
    // Only x may be infinite: it means "at the right edge" (spec 2 §3).
    const valid =
      typeof value === 'number' && (Number.isInteger(value) || (key === 'x' && value === Infinity));
    if (valid) item[key] = value;
    else if (!(key === 'minW' || key === 'minH') || value !== undefined)
      reader.fail(`${path}.${key}`, `${path}.${key} must be an integer`);
  }
  const { x, y, w, h } = item;
  if (x === undefined || y === undefined || w === undefined || h === undefined) return undefined;
  return { x, y, w, h, minW: item.minW ?? 3, minH: item.minH ?? 3 };
}

function readLayouts(reader: Reader, raw: unknown): Layouts | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) return reader.fail('layout', 'layout must be an object');
  const layouts: Layouts = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(BREAKPOINTS as readonly string[]).includes(key)) {
      reader.fail(`layout.${key}`, `layout.${key} is not a breakpoint (${BREAKPOINTS.join(', ')})`);
      continue;
    }
    const item = readLayoutItem(reader, value, `layout.${key}`);
    if (item) layouts[key as keyof Layouts] = item;
  }
  return layouts;
}

function readScale(reader: Reader, source: Json, path: string) {
  return reader.choice(source, 'scale', path, SCALES, MESSAGES.scaleRequired, MESSAGES.invalidScale);
}

function readBody(reader: Reader, type: WidgetType, raw: Json): WidgetBody | undefined {
  switch (type) {
    case 'terms':
    case 'periodic_table': {
      const search_quantity = reader.requiredString(
        { search_quantity: raw.search_quantity ?? raw.quantity },
        'search_quantity',
        'search_quantity',
        MESSAGES.searchQuantityRequired,
      );
      const scale = readScale(reader, raw, 'scale');
      if (type === 'periodic_table') {
        return search_quantity === undefined || !scale ? undefined : { search_quantity, scale };
      }
      const show_input = reader.optionalBoolean(raw, 'show_input', 'show_input');
      const query_mode = reader.choice(raw, 'query_mode', 'query_mode', QUERY_MODES);
      if (search_quantity === undefined || !scale) return undefined;
      return {
        search_quantity,
        scale,
        ...(show_input !== undefined ? { show_input } : {}),
        ...(query_mode ? { query_mode } : {}),
      };
    }
    case 'histogram': {
      const x = isObject(raw.x) ? readAxis(reader, raw, 'x') : reader.fail('x', MESSAGES.xAxisRequired);
      const y = isObject(raw.y)
        ? readScale(reader, raw.y, 'y.scale')
        : reader.fail('y', MESSAGES.yAxisRequired);
      const nbins = reader.integer(raw, 'nbins', 'nbins', MESSAGES.nbinsRequired, MESSAGES.nbinsInteger);
      const autorange = reader.optionalBoolean(raw, 'autorange', 'autorange');
      const show_input = reader.optionalBoolean(raw, 'show_input', 'show_input');
      if (!x || !y || nbins === undefined) return undefined;
      return {
        x,
        y: { scale: y },
        nbins,
        ...(autorange !== undefined ? { autorange } : {}),
        ...(show_input !== undefined ? { show_input } : {}),
      };
    }
    case 'scatter_plot': {
      const x = readScatterAxis(reader, raw, 'x');
      const y = readScatterAxis(reader, raw, 'y');
      const markers = raw.markers;
      let color: AxisConfig | undefined;
      if (isObject(markers) && markers.color !== undefined && markers.color !== null) {
        color = readAxis(reader, markers, 'color');
      } else if (markers !== undefined && markers !== null && !isObject(markers)) {
        reader.fail('markers', 'markers must be an object');
      }
      const size = reader.integer(raw, 'size', 'size', MESSAGES.sizeRequired, MESSAGES.sizeInteger);
      const autorange = reader.optionalBoolean(raw, 'autorange', 'autorange');
      const drag_mode = reader.choice(raw, 'drag_mode', 'drag_mode', DRAG_MODES);
      if (!x || !y || size === undefined) return undefined;
      return {
        x,
        y,
        ...(color ? { markers: { color } } : {}),
        size,
        ...(autorange !== undefined ? { autorange } : {}),
        ...(drag_mode ? { drag_mode } : {}),
      };
    }
  }
}

/**
 * Checks one widget against the schema of its type and returns it in canonical form (aliases resolved,
 * state fields id/editing/visible dropped). Every problem is reported, keyed by field path.
 */
export function parseWidgetConfig(raw: unknown): ParseResult {
  if (!isObject(raw)) return { ok: false, errors: { '': 'A widget must be an object' } };
  const type = widgetType(raw.type);
  if (!type) {
    const message =
      raw.type === undefined || raw.type === null || raw.type === ''
        ? 'Widget type required'
        : `Unknown widget type "${String(raw.type)}"`;
    return { ok: false, errors: { type: message } };
  }
  const reader = new Reader();
  const title = reader.optionalString(raw, 'title', 'title');
  const description = reader.optionalString(raw, 'description', 'description');
  const layout = readLayouts(reader, raw.layout);
  const body = readBody(reader, type, raw);
  if (Object.keys(reader.errors).length > 0 || !body) return { ok: false, errors: reader.errors };
  const config = {
    type,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...body,
    ...(layout ? { layout } : {}),
  } as WidgetConfig;
  return { ok: true, config };
}

/** The first error as one line, e.g. 'x.search_quantity: Search quantity required'. */
export function firstError(errors: FieldErrors): string {
  const [path, message] = Object.entries(errors)[0] ?? ['', 'Invalid widget'];
  return path && !message.startsWith(path) ? `${path}: ${message}` : message;
}
