import { convertValue } from '@oasis/schema';
import type { FilterDefinition, FilterDtype } from '../context/index.ts';
import { MESSAGES } from './messages.ts';
import { parseWidgetConfig, type FieldErrors } from './schema.ts';
import type { WidgetConfig, WidgetType } from './types.ts';

type Definitions = Readonly<Record<string, FilterDefinition>>;

/** Which quantities a quantity field of an edit form offers (spec 2 §5). */
export interface QuantityField {
  /** Path of the field in the config, e.g. 'x.search_quantity'. */
  path: string;
  dtypes: readonly FilterDtype[];
  /** Terms and periodic tables count values, which only aggregatable quantities allow. */
  aggregatable: boolean;
  optional: boolean;
  /** Path of the unit field that belongs to this quantity, if the form has one. */
  unitPath?: string;
}

export const QUANTITY_FIELDS: Readonly<Record<WidgetType, readonly QuantityField[]>> = {
  terms: [
    { path: 'search_quantity', dtypes: ['string', 'enum', 'boolean'], aggregatable: true, optional: false },
  ],
  periodic_table: [
    { path: 'search_quantity', dtypes: ['string', 'enum'], aggregatable: true, optional: false },
  ],
  histogram: [
    {
      path: 'x.search_quantity',
      dtypes: ['float', 'int', 'timestamp'],
      aggregatable: false,
      optional: false,
      unitPath: 'x.unit',
    },
  ],
  scatter_plot: [
    {
      path: 'x.search_quantity',
      dtypes: ['int', 'float', 'timestamp'],
      aggregatable: false,
      optional: false,
      unitPath: 'x.unit',
    },
    {
      path: 'y.search_quantity',
      dtypes: ['int', 'float', 'timestamp'],
      aggregatable: false,
      optional: false,
      unitPath: 'y.unit',
    },
    {
      path: 'markers.color.search_quantity',
      dtypes: ['string', 'enum', 'float', 'int'],
      aggregatable: false,
      optional: true,
      unitPath: 'markers.color.unit',
    },
  ],
};

/** Whether the field may offer this quantity. */
function isAllowed(field: QuantityField, definition: FilterDefinition | undefined): boolean {
  return (
    definition !== undefined &&
    field.dtypes.includes(definition.dtype) &&
    (!field.aggregatable || definition.aggregatable)
  );
}

/** The quantities a field offers, sorted by name. */
export function allowedQuantities(field: QuantityField, definitions: Definitions): string[] {
  return Object.values(definitions)
    .filter((definition) => isAllowed(field, definition))
    .map((definition) => definition.quantity)
    .sort();
}

/** The quantity input's own check: 'Please specify a value.' or 'The quantity "x" is not available.' */
export function quantityInputError(
  value: string,
  field: QuantityField,
  definitions: Definitions,
): string | undefined {
  if (value.trim() === '') return field.optional ? undefined : MESSAGES.quantityEmpty;
  return isAllowed(field, definitions[value]) ? undefined : MESSAGES.quantityUnavailable(value);
}

/** The unit input's check: empty is fine (the unit system decides), otherwise it must fit the quantity. */
export function unitInputError(unit: string, definition: FilterDefinition | undefined): string | undefined {
  if (unit.trim() === '' || !definition) return undefined;
  if (definition.dtype === 'timestamp') return `Unit "${unit.trim()}" is incompatible with dimension "time".`;
  try {
    convertValue(1, unit.trim(), definition.unit ?? 'dimensionless');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Reads a dotted path of a config ('markers.color.search_quantity'). */
export function valueAt(config: WidgetConfig, path: string): unknown {
  let value: unknown = config;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

export interface FormState {
  /** Fields the user has changed or left. */
  touched: ReadonlySet<string>;
  /** Accept was pressed once. */
  submitted: boolean;
}

/**
 * The errors an edit form shows. A quantity field reports its own problems once touched; on accept
 * the schema's texts appear too ('Search quantity required', 'Scale required', ...), and a scatter
 * plot without an x or y quantity says 'Please specify a value'. Accept stays disabled while any
 * error is shown.
 */
export function formErrors(config: WidgetConfig, definitions: Definitions, state: FormState): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = parseWidgetConfig(config);
  const schemaErrors = parsed.ok ? {} : parsed.errors;
  for (const field of QUANTITY_FIELDS[config.type]) {
    const raw = valueAt(config, field.path);
    const value = typeof raw === 'string' ? raw : '';
    if (value.trim() === '') {
      if (state.submitted && !field.optional) {
        errors[field.path] =
          config.type === 'scatter_plot'
            ? MESSAGES.specifyValue
            : (schemaErrors[field.path] ?? MESSAGES.searchQuantityRequired);
      } else if (state.touched.has(field.path)) {
        const message = quantityInputError(value, field, definitions);
        if (message) errors[field.path] = message;
      }
    } else {
      const message = quantityInputError(value, field, definitions);
      if (message) errors[field.path] = message;
    }
    if (field.unitPath) {
      const unit = valueAt(config, field.unitPath);
      const message =
        typeof unit === 'string' && value ? unitInputError(unit, definitions[value]) : undefined;
      if (message) errors[field.unitPath] = message;
    }
  }
  // The other fields are selects and checkboxes; their schema errors show at once.
  const quantityPaths = new Set(QUANTITY_FIELDS[config.type].map((field) => field.path));
  for (const [path, message] of Object.entries(schemaErrors)) {
    if (!quantityPaths.has(path)) errors[path] ??= message;
  }
  return errors;
}
