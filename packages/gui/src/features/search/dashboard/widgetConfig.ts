import {
  formEntries,
  widgetSchema,
  withDefaults,
  type FormField,
  type WidgetConfig,
  type WidgetType,
} from '@oasis/schema';
import { setAt, valueAt } from './configPath.ts';

/** The fields of a widget type's edit form, without the section headings. */
export function formFields(type: WidgetType): FormField[] {
  return formEntries(widgetSchema(type)!).filter((entry) => entry.kind === 'field');
}

/** The fields that hold search quantities; the first is the quantity the widget is about. */
export function quantityFields(type: WidgetType): FormField[] {
  return formFields(type).filter((field) => field.form.editor === 'quantity');
}

/** The quantity a widget is about: the one the filter menu's add control toggles. */
export function mainQuantity(config: WidgetConfig): string {
  const [field] = quantityFields(config.type);
  const value = field ? valueAt(config, field.path) : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The config a widget added by the user starts with: its type's defaults, and `quantity` as the quantity
 * it is about. The dashboard gives it its place on the grid.
 */
export function newWidgetConfig(type: WidgetType, quantity = ''): WidgetConfig {
  const [field] = quantityFields(type);
  const start = { type } as WidgetConfig;
  // Setting the quantity, even to '', creates its section (a histogram's x) for the form to fill.
  return withDefaults(widgetSchema(type)!, field ? setAt(start, field.path, quantity) : start);
}
