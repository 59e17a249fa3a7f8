import type { AppConfig } from '@oasis/schema';

/** How a column prints numbers and times (NOMAD's `format` of a column). */
export interface ColumnFormat {
  /** standard, scientific, separator(s), date, time, date-time (or SI); missing: spec 1 §9 rule. */
  mode?: string;
  decimals?: number;
  /** Thousands separator of the standard mode ('' or missing: none); the separators mode defaults to ','. */
  separator?: string;
}

export type ColumnAlign = 'left' | 'right' | 'center';

/** One entry of an app's `columns` (spec 2 §3 "Result table column"). */
export interface ColumnConfig {
  search_quantity: string;
  selected: boolean;
  title?: string;
  label?: string;
  /** Display unit overriding the unit system's. */
  unit?: string;
  format?: ColumnFormat;
  align?: ColumnAlign;
  sortable?: boolean;
}

/** One entry of `rows.actions.options` (spec 2 §3 "Row action"). */
export interface RowActionConfig {
  type: 'url' | 'north';
  description?: string;
  /** JMESPath into the row data giving the link (url) or file (north). */
  path?: string;
  filepath?: string;
  tool_name?: string;
  icon?: string;
}

export interface RowsConfig {
  actions: { enabled: boolean; options: Readonly<Record<string, RowActionConfig>> };
  details: { enabled: boolean };
  selection: { enabled: boolean };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function readFormat(value: unknown): ColumnFormat | undefined {
  if (!isObject(value)) return undefined;
  return {
    ...(typeof value.mode === 'string' ? { mode: value.mode } : {}),
    ...(typeof value.decimals === 'number' ? { decimals: value.decimals } : {}),
    // NOMAD configs write the separator as text; a flag means the usual comma.
    ...(typeof value.separator === 'string' && value.separator !== '' ? { separator: value.separator } : {}),
    ...(value.separator === true ? { separator: ',' } : {}),
  };
}

const aligns: readonly string[] = ['left', 'right', 'center'];

function readColumn(value: unknown): ColumnConfig | undefined {
  if (!isObject(value)) return undefined;
  const quantity = optString(value.search_quantity) ?? optString(value.quantity);
  if (!quantity) return undefined;
  const format = readFormat(value.format);
  return {
    search_quantity: quantity,
    selected: value.selected === true,
    ...(optString(value.title) ? { title: optString(value.title) } : {}),
    ...(optString(value.label) ? { label: optString(value.label) } : {}),
    ...(optString(value.unit) ? { unit: optString(value.unit) } : {}),
    ...(format ? { format } : {}),
    ...(typeof value.align === 'string' && aligns.includes(value.align)
      ? { align: value.align as ColumnAlign }
      : {}),
    ...(typeof value.sortable === 'boolean' ? { sortable: value.sortable } : {}),
  };
}

/**
 * The app's columns; undefined when the app configures none at all (an empty list is a configuration
 * without columns). NOMAD also accepts the older form `{selected: [...], options: {quantity: {...}}}`.
 */
export function readColumns(app: AppConfig): ColumnConfig[] | undefined {
  const columns = (app as Json).columns;
  if (Array.isArray(columns))
    return columns.map(readColumn).filter((c): c is ColumnConfig => c !== undefined);
  if (isObject(columns) && isObject(columns.options)) {
    const selected = new Set(Array.isArray(columns.selected) ? columns.selected : []);
    return Object.entries(columns.options)
      .map(([quantity, option]) =>
        readColumn({
          ...(isObject(option) ? option : {}),
          search_quantity: quantity,
          selected: selected.has(quantity),
        }),
      )
      .filter((c): c is ColumnConfig => c !== undefined);
  }
  return undefined;
}

function readAction(value: unknown): RowActionConfig | undefined {
  if (!isObject(value) || (value.type !== 'url' && value.type !== 'north')) return undefined;
  return {
    type: value.type,
    ...(optString(value.description) ? { description: optString(value.description) } : {}),
    ...(optString(value.path) ? { path: optString(value.path) } : {}),
    ...(optString(value.filepath) ? { filepath: optString(value.filepath) } : {}),
    ...(optString(value.tool_name) ? { tool_name: optString(value.tool_name) } : {}),
    ...(optString(value.icon) ? { icon: optString(value.icon) } : {}),
  };
}

const enabled = (value: unknown, fallback: boolean) =>
  isObject(value) && typeof value.enabled === 'boolean' ? value.enabled : fallback;

/** The app's `rows`; without configuration entries get all row features, materials only the action. */
export function readRows(app: AppConfig): RowsConfig {
  const rows = isObject((app as Json).rows) ? ((app as Json).rows as Json) : {};
  const entries = app.resource === 'entries';
  const options: Record<string, RowActionConfig> = {};
  const actions = isObject(rows.actions) ? rows.actions : {};
  // Named actions (`options`, as in NOMAD's env.json) or a list (`items`, keyed by position).
  const configured: Array<[string, unknown]> = [
    ...(isObject(actions.options) ? Object.entries(actions.options) : []),
    ...(Array.isArray(actions.items)
      ? actions.items.map((item, index): [string, unknown] => [`item-${index}`, item])
      : []),
  ];
  for (const [key, option] of configured) {
    const action = readAction(option);
    if (action) options[key] = action;
  }
  return {
    actions: { enabled: enabled(rows.actions, true), options },
    details: { enabled: enabled(rows.details, entries) },
    selection: { enabled: enabled(rows.selection, entries) },
  };
}
