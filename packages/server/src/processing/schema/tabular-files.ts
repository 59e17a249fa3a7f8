// The table files NOMAD's tabular parser reads: text tables (CSV, TSV, any separator pandas takes) and
// Excel workbooks, each as columns by header name. A workbook's columns are named per sheet
// ('Sheet1/Temperature'); the first sheet's columns also answer to the bare name, as for a text table.
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { realPathInside } from '../raw-paths.ts';
import { readWorkbook } from './xlsx.ts';
import { parse as parseCsv } from 'csv-parse/sync';

/** A table file is read whole; instrument logs of hours at a second per row stay well below. */
const MAX_TABLE_BYTES = 64 * 1024 ** 2;
/** Columns and rows of one table. */
const MAX_COLUMNS = 10_000;
const MAX_ROWS = 2_000_000;

/** A table file's bytes by its path as the data gives it, or why it cannot be read. */
export type TableSource = (path: string) => { bytes: Buffer } | { error: string };

export interface ParsingOptions {
  sep?: string;
  comment?: string;
  skiprows?: number;
}

export type Columns = Map<string, string[]>;

/** One table file: the columns of its sheets by sheet name (none for a text table), and of its first. */
export interface TableFile {
  sheets: Map<string, Columns>;
  first: Columns;
}

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
      return { bytes: readFileSync(absolute) };
    }
    return { error: 'there is no such file in the upload' };
  };

/** Written as in pandas' options: '\t' (two characters in single-quoted YAML) is a tab. */
const separatorOf = (given: string | undefined, header: string) => {
  if (given !== undefined) return given.replaceAll('\\t', '\t');
  if (header.includes('\t')) return '\t';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
};

/** pandas takes a separator longer than one character as a regular expression ('\s+', ' *; *'). */
const isPattern = (separator: string) => separator.length > 1 && /[\\[\]()*+?|^$]/.test(separator);

/** The first line that is not skipped, blank or a comment: it tells the separator when none is given. */
const headerLine = (lines: string[], options: ParsingOptions) =>
  lines
    .slice(options.skiprows ?? 0)
    .find(
      (line) => line.trim() !== '' && !(options.comment && line.trimStart().startsWith(options.comment)),
    ) ?? '';

/**
 * Rows of cells of a text table. Quoted cells may hold the separator, quotes ("") and line breaks, so a
 * real CSV reader splits them; a separator that is a pattern (whitespace-aligned columns) splits lines.
 */
function rowsOf(text: string, options: ParsingOptions): string[][] {
  const separator = separatorOf(options.sep, headerLine(text.split(/\r?\n/, 1000), options));
  const comment = options.comment ? options.comment[0] : undefined;
  if (isPattern(separator)) {
    const pattern = new RegExp(separator);
    return text
      .split(/\r?\n/)
      .slice(options.skiprows ?? 0)
      .map((line) => (comment && line.includes(comment) ? line.slice(0, line.indexOf(comment)) : line))
      .filter((line) => line.trim() !== '')
      .slice(0, MAX_ROWS + 2)
      .map((line) => line.trim().split(pattern));
  }
  return parseCsv(text, {
    delimiter: separator,
    from_line: (options.skiprows ?? 0) + 1,
    ...(comment ? { comment } : {}),
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    to: MAX_ROWS + 2,
  }) as string[][];
}

/** Columns by header from rows of cells, the first row being the header; or why there are none. */
const columnsOf = ([header, ...body]: string[][]): Columns | string => {
  if (header === undefined) return 'it has no header row';
  if (body.length > MAX_ROWS) return `it has more than ${MAX_ROWS} rows`;
  if (header.length > MAX_COLUMNS) return `it has more than ${MAX_COLUMNS} columns`;
  const columns: Columns = new Map();
  // A name that repeats keeps its first column, as a reader asks for one.
  header.forEach((name, index) => {
    if (!columns.has(name))
      columns.set(
        name,
        body.map((cells) => cells[index] ?? ''),
      );
  });
  return columns;
};

/** The columns of a text table by header, or why there are none. */
export const parseTable = (text: string, options: ParsingOptions): Columns | string => {
  let rows: string[][];
  try {
    rows = rowsOf(text, options);
  } catch (error) {
    return `it is not a table: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (rows.length > MAX_ROWS + 1) return `it has more than ${MAX_ROWS} rows`;
  return columnsOf(rows);
};

const WORKBOOK = new Set(['.xlsx', '.xlsm']);

/** A table file by its name's extension: a workbook's sheets, or a text table. */
export const readTableFile = (path: string, bytes: Buffer, options: ParsingOptions): TableFile | string => {
  const extension = extname(path).toLowerCase();
  if (extension === '.xls') return 'the old binary Excel format (.xls) is not read: save it as .xlsx or CSV';
  if (!WORKBOOK.has(extension)) {
    const columns = parseTable(bytes.toString('utf8'), options);
    return typeof columns === 'string' ? columns : { sheets: new Map(), first: columns };
  }
  const workbook = readWorkbook(bytes, MAX_ROWS + 1 + (options.skiprows ?? 0));
  if (typeof workbook === 'string') return workbook;
  const sheets = new Map<string, Columns>();
  for (const [name, rows] of workbook) {
    const columns = columnsOf(
      rows.slice(options.skiprows ?? 0).filter((cells) => cells.some((cell) => cell !== '')),
    );
    if (typeof columns === 'string') return `its sheet ${name}: ${columns}`;
    sheets.set(name, columns);
  }
  const first = sheets.values().next().value;
  return first ? { sheets, first } : 'it has no sheets';
};

/** A column by the name a `tabular` annotation gives: 'Sheet/column' for a workbook's sheet, or the header. */
export const columnOf = (table: TableFile, name: string): string[] | undefined => {
  const slash = name.indexOf('/');
  const sheet = slash > 0 ? table.sheets.get(name.slice(0, slash)) : undefined;
  if (sheet) return sheet.get(name.slice(slash + 1));
  return table.first.get(name) ?? table.first.get(name.split('/').pop()!);
};
