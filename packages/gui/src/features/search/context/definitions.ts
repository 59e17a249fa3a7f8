import type { AppConfig, Artifacts, SearchQuantityArtifact } from '@oasis/schema';
import type { FilterDefinition, FilterDtype, QueryMode } from './types.ts';

/** Enumerations with more values than this are searched like strings (spec 1 §5.3). */
const MAX_ENUM_OPTIONS = 20;
const HIDDEN_OPTION = 'not processed';

/** Quantities whose chosen values must all be present, as NOMAD's periodic table does. */
const ALL_MODE: ReadonlySet<string> = new Set(['results.material.elements']);

const INT_TYPES = new Set(['int', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']);
const FLOAT_TYPES = new Set(['float', 'float16', 'float32', 'float64']);

function dtypeOf(type: SearchQuantityArtifact['type']): FilterDtype {
  if (type.type_kind === 'enum') return 'enum';
  const data = Array.isArray(type.type_data) ? '' : type.type_data;
  const name = data.split('.').pop() ?? data;
  if (INT_TYPES.has(name)) return 'int';
  if (FLOAT_TYPES.has(name)) return 'float';
  if (name === 'bool') return 'boolean';
  if (name === 'str') return 'string';
  if (name === 'Datetime' || name === 'datetime') return 'timestamp';
  if (type.type_kind === 'reference' || name === 'MEnum') return 'string';
  return 'unknown';
}

/** 'results.method.simulation.program_name' -> 'Program name'. */
export function labelOf(quantity: string): string {
  const name = quantity.split('.').pop() ?? quantity;
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isList = (artifact: SearchQuantityArtifact): boolean => {
  const shape: unknown = (artifact as { shape?: unknown }).shape;
  return Array.isArray(shape) && shape.some((dim) => typeof dim === 'string' && dim.includes('*'));
};

/** The innermost section marked nested that contains the quantity. */
function nestedSectionOf(quantity: string, quantities: Artifacts['searchQuantities']): string | undefined {
  const parts = quantity.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const path = parts.slice(0, i).join('.');
    if ((quantities[path] as { nested?: unknown } | undefined)?.nested === true) return path;
  }
  return undefined;
}

function dimensionOf(unit: string | undefined, artifacts: Artifacts): string | undefined {
  if (!unit) return undefined;
  return artifacts.unitList.find((item) => item.name === unit || item.aliases?.includes(unit))?.dimension;
}

/** Section entries (NOMAD lists sections with `nested`) are not filters. */
const isQuantity = (value: unknown): value is SearchQuantityArtifact =>
  typeof value === 'object' && value !== null && 'type' in value;

function definitionFromArtifact(
  quantity: string,
  artifact: SearchQuantityArtifact,
  artifacts: Artifacts,
  queryMode?: QueryMode,
): FilterDefinition {
  const dtype = dtypeOf(artifact.type);
  const list = isList(artifact);
  const enumValues = Array.isArray(artifact.type.type_data) ? artifact.type.type_data : undefined;
  const options = enumValues?.filter((value) => value !== HIDDEN_OPTION);
  const mode: QueryMode | undefined =
    dtype === 'timestamp' ? undefined : (queryMode ?? (ALL_MODE.has(quantity) ? 'all' : 'any'));
  const nested = nestedSectionOf(quantity, artifacts.searchQuantities);
  const dimension = dimensionOf(artifact.unit, artifacts);
  return {
    quantity,
    label: labelOf(quantity),
    ...(artifact.description ? { description: artifact.description.trim() } : {}),
    dtype,
    ...(artifact.unit ? { unit: artifact.unit } : {}),
    ...(dimension ? { dimension } : {}),
    aggregatable: artifact.aggregatable,
    multiple: dtype !== 'timestamp',
    ...(mode ? { queryMode: mode } : {}),
    ...(options && options.length >= 1 && options.length <= MAX_ENUM_OPTIONS ? { options } : {}),
    suggestion: artifact.suggestion === true,
    ...(nested ? { nested } : {}),
    // An 'all' query narrows what its own counts mean, so those counts must see it (NOMAD does the same).
    exclusive: !list && mode !== 'all',
    list,
  };
}

/**
 * Quantities the query language knows although the artifacts do not list them as search quantities:
 * locks such as {quantities: 'data'} and the special menu items use them.
 */
const SPECIAL: readonly FilterDefinition[] = [
  special('quantities', 'Quantities', 'all'),
  special('sections', 'Sections', 'all'),
  special('optimade_filter', 'OPTIMADE', undefined, false),
  special('custom_quantities', 'Custom quantities', 'all'),
];

function special(quantity: string, label: string, queryMode?: QueryMode, multiple = true): FilterDefinition {
  return {
    quantity,
    label,
    dtype: 'string',
    aggregatable: false,
    multiple,
    ...(queryMode ? { queryMode } : {}),
    suggestion: false,
    exclusive: false,
    list: true,
  };
}

interface FilterSelection {
  include?: readonly string[];
  exclude?: readonly string[];
}

const selects = (selection: FilterSelection | undefined, quantity: string): boolean => {
  if (!selection) return true;
  if (selection.include && !selection.include.some((pattern) => matches(pattern, quantity))) return false;
  return !selection.exclude?.some((pattern) => matches(pattern, quantity));
};

/** NOMAD's include/exclude lists may end in '*' to select a whole subtree. */
const matches = (pattern: string, quantity: string): boolean =>
  pattern.endsWith('*') ? quantity.startsWith(pattern.slice(0, -1)) : pattern === quantity;

interface MenuFacts {
  /** Query modes configured for terms menu items override the default 'any'. */
  modes: Map<string, QueryMode>;
  /** Paths of nested_object items: their quantities must match within one section instance. */
  nested: string[];
}

function menuFacts(app: AppConfig): MenuFacts {
  const facts: MenuFacts = { modes: new Map(), nested: [] };
  const visit = (item: unknown): void => {
    if (typeof item !== 'object' || item === null) return;
    const record = item as Record<string, unknown>;
    const mode = record.query_mode;
    if (typeof record.search_quantity === 'string' && (mode === 'any' || mode === 'all' || mode === 'none')) {
      facts.modes.set(record.search_quantity, mode);
    }
    if (record.type === 'nested_object' && typeof record.path === 'string') facts.nested.push(record.path);
    if (Array.isArray(record.items)) record.items.forEach(visit);
  };
  visit(app.menu);
  return facts;
}

/** The filters of an app: the artifacts' search quantities, selected by the app's `filters`. */
export function buildDefinitions(
  app: AppConfig,
  artifacts: Artifacts,
  lockedQuantities: readonly string[] = [],
): Record<string, FilterDefinition> {
  const selection: FilterSelection | undefined = app.filters;
  const { modes, nested } = menuFacts(app);
  const definitions: Record<string, FilterDefinition> = {};
  for (const [quantity, artifact] of Object.entries(artifacts.searchQuantities)) {
    // Locked quantities need a definition to be queried even when the app hides them as filters.
    if (!isQuantity(artifact) || !(selects(selection, quantity) || lockedQuantities.includes(quantity)))
      continue;
    const definition = definitionFromArtifact(quantity, artifact, artifacts, modes.get(quantity));
    // The artifacts may not mark the section nested; the app's nested_object items do.
    const section = definition.nested ?? nested.find((path) => quantity.startsWith(`${path}.`));
    definitions[quantity] = section ? { ...definition, nested: section } : definition;
  }
  for (const definition of SPECIAL) definitions[definition.quantity] ??= definition;
  return definitions;
}
