/** One row of the custom quantities filter (spec 2 §3 "Custom quantity filter row"). */
export type CustomOperator = 'search' | 'lt' | 'lte' | 'gte' | 'gt';
export type CustomValueField = 'int_value' | 'float_value' | 'datetime_value' | 'str_value' | 'bool_value';

export interface CustomQuantityRow {
  /** The custom quantity's id: its path with the schema reference, e.g. 'data.length#upload/...'. */
  id: string;
  operator: CustomOperator;
  value: string | number | boolean;
  /** The field of NOMAD's search_quantities section that holds values of this type. */
  field: CustomValueField;
}

const OPERATORS: readonly string[] = ['search', 'lt', 'lte', 'gte', 'gt'];
const FIELDS: readonly string[] = ['int_value', 'float_value', 'datetime_value', 'str_value', 'bool_value'];

/** Rows are kept as JSON texts in the `custom_quantities` filter so that they fit in the URL. */
export const encodeCustomRow = (row: CustomQuantityRow): string => JSON.stringify(row);

export function decodeCustomRow(text: string | number | boolean): CustomQuantityRow | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const row = JSON.parse(text) as Partial<CustomQuantityRow>;
    if (typeof row !== 'object' || row === null || typeof row.id !== 'string') return undefined;
    if (!OPERATORS.includes(String(row.operator)) || !FIELDS.includes(String(row.field))) return undefined;
    const value = row.value;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return undefined;
    return {
      id: row.id,
      operator: row.operator as CustomOperator,
      value,
      field: row.field as CustomValueField,
    };
  } catch {
    return undefined;
  }
}

/** NOMAD's nested query on the search_quantities section for one row. */
export function customRowQuery(row: CustomQuantityRow): Record<string, unknown> {
  const value = row.operator === 'search' ? row.value : { [row.operator]: row.value };
  return { search_quantities: { id: row.id, [row.field]: value } };
}
