import type { FilterDefinition, Resource } from '../context/index.ts';
import { labelOf } from '../context/index.ts';
import type { ColumnAlign, ColumnConfig, ColumnFormat } from './config.ts';
import { compilePath, PathError, type CompiledPath } from '../../../core/jmespath.ts';

/** Columns with their own renderer (spec 2 §3 "Built-in columns"). */
type BuiltinColumn =
  | 'entry_name'
  | 'entry_type'
  | 'upload_create_time'
  | 'entry_create_time'
  | 'authors'
  | 'references'
  | 'datasets'
  | 'published';

const BUILTINS: Readonly<Record<BuiltinColumn, { title: string; sortable: boolean }>> = {
  entry_name: { title: 'Name', sortable: true },
  entry_type: { title: 'Entry type', sortable: true },
  upload_create_time: { title: 'Upload time', sortable: true },
  entry_create_time: { title: 'Entry time', sortable: true },
  authors: { title: 'Authors', sortable: false },
  references: { title: 'References', sortable: false },
  datasets: { title: 'Datasets', sortable: false },
  published: { title: 'Access', sortable: false },
};

const isBuiltin = (quantity: string): quantity is BuiltinColumn => Object.hasOwn(BUILTINS, quantity);

export interface ResultColumn {
  /** The search quantity; also the order_by of a sortable column. */
  key: string;
  title: string;
  align: ColumnAlign;
  selected: boolean;
  sortable: boolean;
  builtin?: BuiltinColumn;
  /** Where the value is in a result row. */
  path: CompiledPath;
  format?: ColumnFormat;
  /** The unit the server stores values in, its dimension, and a configured display unit. */
  storedUnit?: string;
  dimension?: string;
  unit?: string;
  timestamp: boolean;
}

/** A column whose quantity is not a valid path is a configuration error (spec 2 §5). */
export class ColumnConfigError extends Error {}

/** Materials search quantities drop the 'results.material.' prefix of the entries' ones. */
function definitionOf(
  quantity: string,
  definitions: Readonly<Record<string, FilterDefinition>>,
  resource: Resource,
): FilterDefinition | undefined {
  return (
    definitions[quantity] ??
    (resource === 'materials' ? definitions[`results.material.${quantity}`] : undefined)
  );
}

function buildColumn(
  config: ColumnConfig,
  definitions: Readonly<Record<string, FilterDefinition>>,
  resource: Resource,
): ResultColumn {
  const quantity = config.search_quantity;
  // Dynamic (schema) quantities name their schema after '#'; the row data has only the path.
  const [pathText = quantity] = quantity.split('#');
  let path: CompiledPath;
  try {
    path = compilePath(pathText);
  } catch (error) {
    if (error instanceof PathError)
      throw new ColumnConfigError(`The column "${quantity}" is not a valid JMESPath query.`);
    throw error;
  }
  const builtin = isBuiltin(quantity) ? quantity : undefined;
  const definition = definitionOf(quantity, definitions, resource);
  const sortable = builtin
    ? BUILTINS[builtin].sortable
    : definition !== undefined &&
      !definition.list &&
      definition.dtype !== 'unknown' &&
      !quantity.includes('#');
  return {
    key: quantity,
    title:
      config.title ??
      config.label ??
      (builtin ? BUILTINS[builtin].title : (definition?.label ?? labelOf(pathText))),
    align: config.align ?? 'left',
    selected: config.selected === true,
    sortable,
    ...(builtin ? { builtin } : {}),
    path,
    ...(config.format ? { format: config.format } : {}),
    ...(definition?.unit ? { storedUnit: definition.unit } : {}),
    ...(definition?.dimension ? { dimension: definition.dimension } : {}),
    ...(config.unit ? { unit: config.unit } : {}),
    timestamp: definition?.dtype === 'timestamp' || quantity.endsWith('_time'),
  };
}

/** The table's columns in configuration order; throws a ColumnConfigError for an invalid quantity. */
export function buildColumns(
  configs: readonly ColumnConfig[],
  definitions: Readonly<Record<string, FilterDefinition>>,
  resource: Resource,
): ResultColumn[] {
  return configs.map((config) => buildColumn(config, definitions, resource));
}
