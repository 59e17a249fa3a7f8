// NOMAD's tabular parser, column mode, for text tables: a quantity annotated `tabular_parser` names a
// file (a CSV of an instrument, say); the quantities of the same section annotated `tabular: {name}` are
// filled with the values of the column of that name, converted from the annotation's `unit` when it has one.
// Runs before the data is checked, so filled values are checked and converted like written ones.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { realPathInside } from '../raw-paths.ts';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import type { ResolvedSection, SchemaResolver } from './resolve.ts';

/** A table file is read whole; instrument logs of hours at a second per row stay well below. */
const MAX_TABLE_BYTES = 64 * 1024 ** 2;
/** Columns and rows of one table. */
const MAX_COLUMNS = 10_000;
const MAX_ROWS = 2_000_000;
/** Sections visited per data (a generated archive is filled in part, not hung on). */
const MAX_SECTIONS = 10_000;

type Log = (level: 'WARNING', message: string) => void;

/** A table file's text by its path as the data gives it, or why it cannot be read. */
export type TableSource = (path: string) => { text: string } | { error: string };

/**
 * Table files of the upload: a path is looked for beside the mainfile, then from the upload's root;
 * reads stay inside the upload's raw folder (symbolic links included).
 */
export const rawTables =
  (rawRoot: string, mainfile: string): TableSource =>
  (path) => {
    for (const candidate of [join(dirname(mainfile), path), path]) {
      const absolute = realPathInside(resolve(rawRoot, candidate), rawRoot);
      const info = absolute === undefined ? undefined : statSync(absolute);
      if (absolute === undefined || !info?.isFile()) continue;
      if (info.size > MAX_TABLE_BYTES) return { error: `it is larger than ${MAX_TABLE_BYTES} bytes` };
      return { text: readFileSync(absolute, 'utf8') };
    }
    return { error: 'there is no such file in the upload' };
  };

interface ParsingOptions {
  sep?: string;
  comment?: string;
  skiprows?: number;
}

/** Written as in pandas' options: '\t' (two characters in single-quoted YAML) is a tab. */
const separatorOf = (given: string | undefined, header: string) => {
  if (given !== undefined) return given.replaceAll('\\t', '\t');
  if (header.includes('\t')) return '\t';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
};

const unquoted = (cell: string) => {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"')
    : trimmed;
};

/** The columns of a text table by header, or why there are none. */
export const parseTable = (text: string, options: ParsingOptions): Map<string, string[]> | string => {
  const lines = text.split(/\r?\n/).slice(options.skiprows ?? 0);
  const rows = lines.filter(
    (line) => line.trim() !== '' && !(options.comment && line.trimStart().startsWith(options.comment)),
  );
  const [header, ...body] = rows;
  if (header === undefined) return 'it has no header row';
  if (body.length > MAX_ROWS) return `it has more than ${MAX_ROWS} rows`;
  const separator = separatorOf(options.sep, header);
  const names = header.split(separator).map(unquoted);
  if (names.length > MAX_COLUMNS) return `it has more than ${MAX_COLUMNS} columns`;
  const columns = names.map(() => [] as string[]);
  for (const line of body) {
    const cells = line.split(separator);
    columns.forEach((column, index) => column.push(unquoted(cells[index] ?? '')));
  }
  // A name that repeats keeps its first column, as a reader asks for one.
  const byName = new Map<string, string[]>();
  names.forEach((name, index) => {
    if (!byName.has(name)) byName.set(name, columns[index]!);
  });
  return byName;
};

const firstAnnotation = (definition: JsonObject, name: string): JsonObject | undefined => {
  const annotations = isObject(definition.m_annotations) ? definition.m_annotations : {};
  const value = annotations[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isObject(first) ? first : undefined;
};

const isNumeric = (type: JsonObject | undefined) =>
  /int|float|number/.test(String(type?.type_data ?? '')) && type?.type_kind !== 'Enum';

/** The cells as the quantity's values: numbers for numeric quantities (with the column's unit), else text. */
const cellValues = (cells: string[], numeric: boolean, unit: string | undefined) =>
  cells.map((cell) => {
    if (!numeric) return cell;
    const number = cell === '' ? Number.NaN : Number(cell);
    if (!Number.isFinite(number)) return undefined;
    return unit ? { value: number, unit } : number;
  });

/** Fills one section's tabular quantities from the table its `tabular_parser` quantity names. */
const fillSection = (values: JsonObject, section: ResolvedSection, tables: TableSource, log: Log) => {
  for (const source of section.quantities.values()) {
    const parser = firstAnnotation(source.definition, 'tabular_parser');
    const path = values[source.name];
    if (!parser || typeof path !== 'string' || path === '') continue;
    const read = tables(path);
    const options = isObject(parser.parsing_options) ? (parser.parsing_options as ParsingOptions) : {};
    const table = 'text' in read ? parseTable(read.text, options) : read.error;
    if (typeof table === 'string') {
      log('WARNING', `${section.name}.${source.name}: the table ${path} is not read: ${table}`);
      continue;
    }
    for (const target of section.quantities.values()) {
      const tabular = firstAnnotation(target.definition, 'tabular');
      const column = typeof tabular?.name === 'string' ? tabular.name.split('/').pop()! : undefined;
      if (!column) continue;
      const cells = table.get(column);
      if (!cells) {
        log('WARNING', `${section.name}.${target.name}: the table ${path} has no column '${column}'`);
        continue;
      }
      const unit = typeof tabular?.unit === 'string' ? tabular.unit : undefined;
      const filled = cellValues(cells, isNumeric(target.type), unit);
      if (filled.some((value) => value === undefined)) {
        log(
          'WARNING',
          `${section.name}.${target.name}: the column '${column}' of ${path} is not all numbers`,
        );
        continue;
      }
      values[target.name] = target.shape.length > 0 ? filled : filled[0];
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
