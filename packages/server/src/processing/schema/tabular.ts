// NOMAD's tabular parser: a quantity annotated `tabular_parser` names a table file (an instrument's CSV, an
// Excel workbook) and maps it into the data. Column mode fills the quantities annotated `tabular: {name}`
// of the chosen sections with whole columns; row mode makes one item of a repeating sub-section per row,
// its annotated quantities taking that row's cells. Values are converted from the annotation's `unit`.
// Runs before the data is checked, so filled values are checked and converted like written ones.
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import type { ResolvedSection, SchemaResolver } from './resolve.ts';
import {
  columnOf,
  readTableFile,
  type ParsingOptions,
  type TableFile,
  type TableSource,
} from './tabular-files.ts';

export { rawTables } from './tabular-files.ts';

/** Sections visited per data (a generated archive is filled in part, not hung on). */
const MAX_SECTIONS = 10_000;
/** Items row mode makes per mapping: each becomes a section of the archive. */
const MAX_ROW_ITEMS = 10_000;

type Log = (level: 'WARNING', message: string) => void;

interface Mapping {
  mode: 'column' | 'row';
  /** Paths of sub-sections from the annotated quantity's section; '#root' is that section. */
  sections: string[];
  fileMode: string;
}

const ROOT = '#root';

const firstAnnotation = (definition: JsonObject, name: string): JsonObject | undefined => {
  const annotations = isObject(definition.m_annotations) ? definition.m_annotations : {};
  const value = annotations[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isObject(first) ? first : undefined;
};

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') && value.length > 0
    ? value
    : typeof value === 'string'
      ? [value]
      : undefined;

/** The annotation's mappings: `mapping_options` (NOMAD 1.2+), `mode`/`target_sub_section` (1.1), or columns into its own section. */
const mappingsOf = (parser: JsonObject): Mapping[] => {
  if (Array.isArray(parser.mapping_options) && parser.mapping_options.length > 0)
    return parser.mapping_options.filter(isObject).map((option) => ({
      mode: option.mapping_mode === 'row' ? 'row' : 'column',
      sections: strings(option.sections) ?? [ROOT],
      fileMode: typeof option.file_mode === 'string' ? option.file_mode : 'current_entry',
    }));
  return [
    {
      mode: parser.mode === 'row' ? 'row' : 'column',
      sections: strings(parser.target_sub_section) ?? [ROOT],
      fileMode: 'current_entry',
    },
  ];
};

const isNumeric = (type: JsonObject | undefined) =>
  /int|float|number/.test(String(type?.type_data ?? '')) && type?.type_kind !== 'Enum';

/** A cell as a quantity's value: a number for numeric quantities (with the column's unit), else text. */
const cellValue = (cell: string, numeric: boolean, unit: string | undefined): unknown => {
  if (!numeric) return cell;
  const number = cell === '' ? Number.NaN : Number(cell);
  if (!Number.isFinite(number)) return undefined;
  return unit ? { value: number, unit } : number;
};

interface TabularTarget {
  name: string;
  column: string;
  numeric: boolean;
  unit: string | undefined;
  list: boolean;
}

const tabularTargets = (section: ResolvedSection): TabularTarget[] =>
  [...section.quantities.values()].flatMap((quantity) => {
    const tabular = firstAnnotation(quantity.definition, 'tabular');
    if (typeof tabular?.name !== 'string' || tabular.name === '') return [];
    return [
      {
        name: quantity.name,
        column: tabular.name,
        numeric: isNumeric(quantity.type),
        unit: typeof tabular.unit === 'string' ? tabular.unit : undefined,
        list: quantity.shape.length > 0,
      },
    ];
  });

interface Place {
  values: JsonObject;
  section: ResolvedSection;
}

/**
 * The section a mapping path names below `from`, made where the data has none yet (a repeating
 * sub-section's first item); for row mode the path's last step is the repeating sub-section itself.
 */
const walk = (
  from: Place,
  path: string,
  stopBeforeLast: boolean,
): { place: Place; last?: string } | string => {
  const steps = path === ROOT || path === '' ? [] : path.replace(/^#root\/?/, '').split('/');
  const last = stopBeforeLast ? steps.pop() : undefined;
  let place = from;
  for (const step of steps) {
    const sub = place.section.subSections.get(step);
    const section = sub?.section();
    if (!sub || !section) return `${place.section.name} has no sub-section ${step}`;
    const current = place.values[step];
    let item: JsonObject;
    if (sub.repeats) {
      const items = Array.isArray(current) ? [...(current as unknown[])] : [];
      item = isObject(items[0]) ? { ...items[0] } : {};
      items[0] = item;
      place.values[step] = items;
    } else {
      item = isObject(current) ? { ...current } : {};
      place.values[step] = item;
    }
    place = { values: item, section };
  }
  return { place, last };
};

const fillColumns = (place: Place, table: TableFile, where: string, log: Log) => {
  for (const target of tabularTargets(place.section)) {
    const cells = columnOf(table, target.column);
    if (!cells) {
      log(
        'WARNING',
        `${place.section.name}.${target.name}: the table ${where} has no column '${target.column}'`,
      );
      continue;
    }
    const filled = cells.map((cell) => cellValue(cell, target.numeric, target.unit));
    if (filled.some((value) => value === undefined)) {
      log(
        'WARNING',
        `${place.section.name}.${target.name}: the column '${target.column}' of ${where} is not all numbers`,
      );
      continue;
    }
    place.values[target.name] = target.list ? filled : filled[0];
  }
};

const fillRows = (parent: Place, subName: string, table: TableFile, where: string, log: Log) => {
  const sub = parent.section.subSections.get(subName);
  const section = sub?.section();
  if (!sub || !section) {
    log(
      'WARNING',
      `${parent.section.name}: the table ${where} maps rows into ${subName}, which is no sub-section`,
    );
    return;
  }
  const targets = tabularTargets(section).flatMap((target) => {
    const cells = columnOf(table, target.column);
    if (cells) return [{ target, cells }];
    log('WARNING', `${section.name}.${target.name}: the table ${where} has no column '${target.column}'`);
    return [];
  });
  const rows = Math.max(0, ...targets.map(({ cells }) => cells.length));
  if (targets.length === 0 || rows === 0) return;
  if (rows > MAX_ROW_ITEMS) {
    log(
      'WARNING',
      `${parent.section.name}.${subName}: the table ${where} has more than ${MAX_ROW_ITEMS} rows to map`,
    );
    return;
  }
  const items = Array.from({ length: rows }, (_, row) => {
    const item: JsonObject = {};
    for (const { target, cells } of targets) {
      const cell = cells[row] ?? '';
      if (cell === '') continue;
      const value = cellValue(cell, target.numeric, target.unit);
      if (value === undefined)
        log(
          'WARNING',
          `${section.name}.${target.name}: row ${row + 1} of ${where} is not a number: '${cell}'`,
        );
      else item[target.name] = target.list ? [value] : value;
    }
    return item;
  });
  parent.values[subName] = sub.repeats ? items : items[0];
};

/** Applies the tables one section's `tabular_parser` quantities name. */
const fillSection = (values: JsonObject, section: ResolvedSection, tables: TableSource, log: Log) => {
  for (const source of section.quantities.values()) {
    const parser = firstAnnotation(source.definition, 'tabular_parser');
    const path = values[source.name];
    if (!parser || typeof path !== 'string' || path === '') continue;
    const read = tables(path);
    const options = isObject(parser.parsing_options) ? (parser.parsing_options as ParsingOptions) : {};
    const table = 'bytes' in read ? readTableFile(path, read.bytes, options) : read.error;
    if (typeof table === 'string') {
      log('WARNING', `${section.name}.${source.name}: the table ${path} is not read: ${table}`);
      continue;
    }
    for (const mapping of mappingsOf(parser)) {
      if (mapping.fileMode !== 'current_entry') {
        log(
          'WARNING',
          `${section.name}.${source.name}: file_mode ${mapping.fileMode} (entries made from a table) is not supported; use current_entry`,
        );
        continue;
      }
      for (const sectionPath of mapping.sections) {
        const found = walk({ values, section }, sectionPath, mapping.mode === 'row');
        if (typeof found === 'string') {
          log('WARNING', `${section.name}.${source.name}: ${found}`);
          continue;
        }
        if (mapping.mode === 'column') fillColumns(found.place, table, path, log);
        else if (found.last) fillRows(found.place, found.last, table, path, log);
        else
          log('WARNING', `${section.name}.${source.name}: row mode needs a sub-section, not ${sectionPath}`);
      }
    }
  }
};

/**
 * The data with every section's tabular quantities filled from the tables their sections name (sections
 * chosen with m_def as the data chooses them). Tables that cannot be read, and missing columns, are
 * warnings: the data keeps what it has.
 */
export const fillTabularData = (
  data: JsonObject,
  root: ResolvedSection,
  context: { resolver: SchemaResolver; file: string; tables: TableSource; log: Log },
): JsonObject => {
  let visited = 0;
  const visit = (value: JsonObject, declared: ResolvedSection): JsonObject => {
    if (++visited > MAX_SECTIONS) return value;
    const chosen =
      typeof value.m_def === 'string'
        ? (context.resolver.fromMDef(value.m_def, context.file) ?? declared)
        : declared;
    const filled: JsonObject = { ...value };
    fillSection(filled, chosen, context.tables, context.log);
    for (const sub of chosen.subSections.values()) {
      const item = filled[sub.name];
      const section = sub.section();
      if (!section) continue;
      if (Array.isArray(item))
        filled[sub.name] = item.map((entry) => (isObject(entry) ? visit(entry, section) : entry));
      else if (isObject(item)) filled[sub.name] = visit(item, section);
    }
    return filled;
  };
  return visit(data, root);
};
