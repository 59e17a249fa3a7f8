// Checks an archive's `data` against its section definition: each value against its quantity's type,
// shape and enum values; values written with a unit ('5 mm', {value, unit}) converted to the quantity's
// unit (numbers alone are in it already, as NOMAD stores them); sub-sections against their sections,
// with `m_def` choosing a more specific one. Keys the definition does not know are left out with a warning.
import { convertValue, UnitError, valueInUnit } from '@oasis/schema';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import { DATETIME, QUERY } from './normalize.ts';
import type { ResolvedQuantity, ResolvedSection, SchemaResolver } from './resolve.ts';
import { sectionReference } from './references.ts';

export interface DataCheck {
  data: JsonObject;
  /** Values that do not fit their definitions: the entry fails with these. */
  problems: string[];
  /** Keys left out: logged. */
  warnings: string[];
}

class Failed extends Error {}

interface Walk {
  resolver: SchemaResolver;
  file: string;
  /** The m_def NOMAD writes for a section: its normalized reference, seen from `file`. */
  reference: (section: ResolvedSection) => string;
  problems: string[];
  warnings: string[];
}

const typeName = (type: JsonObject | undefined) => {
  if (!type) return 'unknown';
  if (/^enum$/i.test(String(type.type_kind))) return 'Enum';
  return String(type.type_data);
};

const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value);

/** One scalar of a quantity, converted; throws Failed with the reason when it does not fit. */
const scalar = (value: unknown, quantity: ResolvedQuantity): unknown => {
  const { type } = quantity;
  if (!type) return value;
  const kind = type.type_kind;
  const data = String(type.type_data);
  if (/^enum$/i.test(String(kind))) {
    const allowed = type.type_data as string[];
    if (typeof value !== 'string' || !allowed.includes(value))
      throw new Failed(`${JSON.stringify(value)} is not one of the allowed values (${allowed.join(', ')})`);
    return value;
  }
  if (kind === 'reference' || kind === 'quantity_reference') {
    if (typeof value !== 'string')
      throw new Failed(`a reference must be a path string, not ${JSON.stringify(value)}`);
    return value;
  }
  if (kind === 'custom' && data === DATETIME) return isoDatetime(value);
  if (kind === 'custom' && data === QUERY && !isObject(value))
    throw new Failed(`${JSON.stringify(value)} is not a query (an object with owner, query and filters)`);
  if (kind === 'custom' || kind === 'User' || kind === 'Author') return value;
  if (data === 'str') {
    if (typeof value !== 'string') throw new Failed(`${JSON.stringify(value)} is not a string`);
    return value;
  }
  if (data === 'bool' || data === 'bool_') {
    if (typeof value !== 'boolean') throw new Failed(`${JSON.stringify(value)} is not true or false`);
    return value;
  }
  const number = withUnit(value, quantity);
  if (/int/.test(data) && !isInteger(number)) throw new Failed(`${JSON.stringify(value)} is not an integer`);
  if (typeof number !== 'number' || !Number.isFinite(number))
    throw new Failed(`${JSON.stringify(value)} is not a number`);
  return number;
};

/**
 * A date and time as NOMAD stores it ('2022-04-01T00:00:00+00:00', microseconds when there are any); one
 * written without a time zone is in UTC, as NOMAD reads it.
 */
const isoDatetime = (value: unknown): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  const zoned = /T\d.*(Z|[+-]\d\d:?\d\d)$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
  const time = Date.parse(zoned);
  if (text === '' || Number.isNaN(time)) throw new Failed(`${JSON.stringify(value)} is not a date and time`);
  const iso = new Date(time).toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 19)}${millis === '000' ? '' : `.${millis}000`}+00:00`;
};

/** A number, or a value written with its unit in the quantity's unit. */
const withUnit = (value: unknown, quantity: ResolvedQuantity): unknown => {
  const target = quantity.unit;
  try {
    if (typeof value === 'string' && target) return valueInUnit(value, target);
    if (isObject(value) && typeof value.unit === 'string' && typeof value.value === 'number' && target)
      return convertValue(value.value, value.unit, target);
  } catch (error) {
    throw new Failed(error instanceof UnitError ? error.message : String(error));
  }
  return value;
};

/** A value of the quantity's shape: nested lists, as deep as the shape has dimensions. */
const shaped = (value: unknown, quantity: ResolvedQuantity, depth: number): unknown => {
  if (depth === quantity.shape.length) {
    if (Array.isArray(value)) throw new Failed('a single value is expected here, not a list');
    return scalar(value, quantity);
  }
  if (!Array.isArray(value))
    throw new Failed(
      `a list is expected (shape ${JSON.stringify(quantity.shape)}), not ${JSON.stringify(value)}`,
    );
  const length = quantity.shape[depth];
  if (typeof length === 'number' && value.length !== length)
    throw new Failed(`${length} values are expected, not ${value.length}`);
  return value.map((item) => shaped(item, quantity, depth + 1));
};

/** Numbers (in nested lists) given in `from` converted to `to`. */
const converted = (value: unknown, from: string, to: string): unknown => {
  if (Array.isArray(value)) return value.map((item) => converted(item, from, to));
  if (typeof value !== 'number') return value;
  try {
    return convertValue(value, from, to);
  } catch (error) {
    throw new Failed(error instanceof UnitError ? error.message : String(error));
  }
};

/**
 * NOMAD's full storage: values by instance name ({name: {m_value, m_unit, m_attributes}}), for quantities
 * with attributes and variable quantities. Each value is checked; one given in another unit is converted.
 */
const isFullStorage = (value: unknown): value is Record<string, JsonObject> =>
  isObject(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((item) => isObject(item) && 'm_value' in item);

const fullStorage = (value: Record<string, JsonObject>, quantity: ResolvedQuantity) =>
  Object.fromEntries(
    Object.entries(value).map(([name, stored]) => {
      const { unit } = quantity;
      const given =
        typeof stored.m_unit === 'string' && unit
          ? converted(stored.m_value, stored.m_unit, unit)
          : stored.m_value;
      return [name, { ...stored, m_value: shaped(given, quantity, 0), ...(unit ? { m_unit: unit } : {}) }];
    }),
  );

const checkSection = (walk: Walk, value: JsonObject, section: ResolvedSection, path: string): JsonObject => {
  const checked: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'm_def') {
      checked[key] = walk.reference(section);
      continue;
    }
    if (key.startsWith('m_')) {
      checked[key] = item;
      continue;
    }
    const quantity = section.quantities.get(key);
    if (quantity) {
      if (item === null || item === undefined) continue;
      try {
        checked[key] = isFullStorage(item) ? fullStorage(item, quantity) : shaped(item, quantity, 0);
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        walk.problems.push(`${path}.${key} (${typeName(quantity.type)}): ${error.message}`);
      }
      continue;
    }
    const sub = section.subSections.get(key);
    if (!sub) {
      walk.warnings.push(`${path}.${key} is not defined by the section ${section.name}; it is left out`);
      continue;
    }
    const declared = sub.section();
    if (!declared) {
      walk.problems.push(`${path}.${key}: the section of this sub-section cannot be resolved`);
      continue;
    }
    const items = Array.isArray(item) ? item : [item];
    if (!sub.repeats && Array.isArray(item)) {
      walk.problems.push(`${path}.${key}: holds one section, not a list`);
      continue;
    }
    const sections = items.map((entry, index) => {
      const at = sub.repeats ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (!isObject(entry)) {
        walk.problems.push(`${at}: a section (a mapping of names to values) is expected`);
        return {};
      }
      return checkSection(walk, entry, specific(walk, entry, declared, at), at);
    });
    checked[key] = sub.repeats ? sections : sections[0];
  }
  return checked;
};

/** The section an item declares with `m_def`, when it is the declared one or inherits from it. */
const specific = (walk: Walk, item: JsonObject, declared: ResolvedSection, at: string): ResolvedSection => {
  if (typeof item.m_def !== 'string') return declared;
  const chosen = walk.resolver.fromMDef(item.m_def, walk.file);
  if (!chosen) {
    walk.problems.push(`${at}: the section definition '${item.m_def}' cannot be resolved`);
    return declared;
  }
  if (!chosen.ancestors.has(declared.key)) {
    walk.problems.push(`${at}: ${chosen.name} is not a ${declared.name} (m_def '${item.m_def}')`);
    return declared;
  }
  return chosen;
};

/** Checks `data` (of the archive file `file`) against `section`. */
export const checkData = (
  data: JsonObject,
  section: ResolvedSection,
  resolver: SchemaResolver,
  file: string,
): DataCheck => {
  const reference = (target: ResolvedSection) => {
    const { origin } = target;
    if (origin.kind === 'builtin') return origin.qualifiedName;
    return sectionReference(origin.file, origin.path, file);
  };
  const walk: Walk = { resolver, file, reference, problems: [], warnings: [] };
  const checked = checkSection(walk, data, section, 'data');
  return { data: checked, problems: walk.problems, warnings: walk.warnings };
};
