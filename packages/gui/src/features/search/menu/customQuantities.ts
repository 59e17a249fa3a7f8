import type { EntriesQueryRequest, EntriesQueryResponse } from '@oasis/schema';
import type { CustomOperator, CustomQuantityRow, CustomValueField } from '../context/index.ts';

/** How many custom quantities are listed at most (spec 2 §9). */
const CUSTOM_QUANTITIES_SIZE = 1000;

export const NO_CUSTOM_QUANTITIES =
  'Could not find valid quantities to search for. Make sure that you have access to the data and that the metainfo associated with the quantities can be loaded correctly.';

const VALUE_FIELDS: readonly CustomValueField[] = [
  'int_value',
  'float_value',
  'datetime_value',
  'str_value',
  'bool_value',
];

/**
 * The one request that lists the custom quantities of ELN and NeXus data (spec 2 §7): one entry per
 * quantity id, from which its definition and the field holding its values are read.
 */
export const customQuantitiesRequest = (): EntriesQueryRequest => ({
  owner: 'visible',
  query: { 'quantities:any': ['data', 'nexus'] },
  pagination: { page_size: 0 },
  aggregations: {
    paths: {
      terms: {
        quantity: 'search_quantities.id',
        size: CUSTOM_QUANTITIES_SIZE,
        entries: {
          size: 1,
          // The value fields tell the type of each quantity without loading its schema.
          required: {
            include: [
              'search_quantities.id',
              'search_quantities.definition',
              ...VALUE_FIELDS.map((f) => `search_quantities.${f}`),
            ],
          },
        },
      },
    },
  },
});

export interface CustomQuantity {
  id: string;
  definition?: string;
  field: CustomValueField;
}

/** The quantities of the answer whose value type is known; others cannot be searched. */
export function readCustomQuantities(response: EntriesQueryResponse): CustomQuantity[] {
  const data = response.aggregations?.paths?.terms?.data ?? [];
  const quantities: CustomQuantity[] = [];
  for (const bucket of data) {
    if (typeof bucket.value !== 'string') continue;
    // A bucket's entries carry what `required` asked for: here each entry's search_quantities.
    const items = (bucket.entries ?? []).flatMap(
      ({ search_quantities: found }: { search_quantities?: unknown }) =>
        Array.isArray(found) ? (found as Record<string, unknown>[]) : [],
    );
    const item = items.find((candidate) => candidate.id === bucket.value);
    const field = item && VALUE_FIELDS.find((name) => item[name] !== undefined && item[name] !== null);
    if (!item || !field) continue;
    quantities.push({
      id: bucket.value,
      ...(typeof item.definition === 'string' ? { definition: item.definition } : {}),
      field,
    });
  }
  return quantities;
}

/** Numbers and times can be compared; strings, enumerations and booleans only matched (spec 2 §5). */
export function operatorsFor(field: CustomValueField | undefined): readonly CustomOperator[] {
  return field === 'int_value' || field === 'float_value' || field === 'datetime_value'
    ? ['search', 'lt', 'lte', 'gte', 'gt']
    : ['search'];
}

export const OPERATOR_LABELS: Record<CustomOperator, string> = {
  search: '=',
  lt: '<',
  lte: '<=',
  gte: '>=',
  gt: '>',
};

export interface DraftRow {
  id: string;
  operator: CustomOperator;
  value: string;
}

export const rowComplete = (row: DraftRow): boolean => row.id.trim() !== '' && row.value.trim() !== '';

/** A typed row as the filter stores it; undefined when the value does not fit the quantity's type. */
export function toFilterRow(
  row: DraftRow,
  quantities: readonly CustomQuantity[],
): CustomQuantityRow | undefined {
  const quantity = quantities.find((item) => item.id === row.id);
  if (!quantity) return undefined;
  const text = row.value.trim();
  let value: string | number | boolean;
  switch (quantity.field) {
    case 'int_value':
    case 'float_value':
      value = Number(text);
      if (!Number.isFinite(value) || (quantity.field === 'int_value' && !Number.isInteger(value)))
        return undefined;
      break;
    case 'bool_value':
      if (!/^(true|false)$/i.test(text)) return undefined;
      value = text.toLowerCase() === 'true';
      break;
    case 'datetime_value':
      if (Number.isNaN(Date.parse(text))) return undefined;
      value = text;
      break;
    default:
      value = text;
  }
  const operator = operatorsFor(quantity.field).includes(row.operator) ? row.operator : 'search';
  return { id: row.id, operator, value, field: quantity.field };
}
