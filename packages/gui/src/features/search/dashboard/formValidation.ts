import {
  convertValue,
  parseWidget,
  widgetSchema,
  withoutEmptySections,
  type FieldErrors,
  type FormField,
  type WidgetConfig,
} from '@oasis/schema';
import type { FilterDefinition, FilterDtype } from '../context/index.ts';
import { valueAt } from './configPath.ts';
import { MESSAGES } from './messages.ts';
import { formFields } from './widgetConfig.ts';

type Definitions = Readonly<Record<string, FilterDefinition>>;

/** Whether a quantity field may offer this quantity (its schema's dtypes; aggregatable ones for counts). */
function isAllowed(field: FormField, definition: FilterDefinition | undefined): boolean {
  const dtypes: readonly FilterDtype[] = field.form.dtypes ?? [];
  return (
    definition !== undefined &&
    dtypes.includes(definition.dtype) &&
    (!field.form.aggregatable || definition.aggregatable)
  );
}

/** The quantities a field offers, sorted by name. */
export function allowedQuantities(field: FormField, definitions: Definitions): string[] {
  return Object.values(definitions)
    .filter((definition) => isAllowed(field, definition))
    .map((definition) => definition.quantity)
    .sort();
}

/** The quantity input's own check: 'Please specify a value.' or 'The quantity "x" is not available.' */
export function quantityInputError(
  value: string,
  field: FormField,
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

export interface FormState {
  /** Fields the user has changed or left. */
  touched: ReadonlySet<string>;
  /** Accept was pressed once. */
  submitted: boolean;
}

const text = (config: WidgetConfig, path: string) => {
  const value = valueAt(config, path);
  return typeof value === 'string' ? value : '';
};

/** The config as Accept stores it: optional sections left incomplete (a colour title alone) dropped. */
export function acceptedConfig(config: WidgetConfig): WidgetConfig {
  return withoutEmptySections(widgetSchema(config.type)!, config);
}

/**
 * The errors an edit form shows. A quantity field reports its own problems once touched; on accept the
 * schema's texts appear too ('Search quantity required', or the field's own accept text such as the
 * scatter plot's 'Please specify a value'). The other fields' schema errors (selects, checkboxes) show at
 * once. Accept stays disabled while any error is shown.
 */
export function formErrors(config: WidgetConfig, definitions: Definitions, state: FormState): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = parseWidget(acceptedConfig(config), 'form');
  const fields = formFields(config.type);
  const quantities = fields.filter((field) => field.form.editor === 'quantity');
  // A quantity's schema error may be its section's ('y' missing altogether): it waits with the quantity.
  const quantityErrors: FieldErrors = {};
  for (const [path, message] of Object.entries(parsed.ok ? {} : parsed.errors)) {
    const owner = quantities.find((field) => field.path === path || field.path.startsWith(`${path}.`));
    if (owner) quantityErrors[owner.path] ??= message;
    else errors[path] = message;
  }
  for (const field of fields) {
    const value = text(config, field.path);
    if (field.form.editor === 'quantity') {
      if (value.trim() === '' && !state.submitted && !state.touched.has(field.path)) continue;
      const message =
        value.trim() === '' && state.submitted && !field.optional
          ? (field.form.accept ?? quantityErrors[field.path] ?? field.form.required)
          : quantityInputError(value, field, definitions);
      if (message) errors[field.path] = message;
    }
    if (field.form.editor === 'unit' && field.quantityPath) {
      const quantity = text(config, field.quantityPath);
      const message = quantity ? unitInputError(value, definitions[quantity]) : undefined;
      if (message) errors[field.path] = message;
    }
  }
  return errors;
}
