// The rules a declaration of a text output is made of, after NOMAD's TextParser idea: a reader says which
// quantities a file holds (a value on a line, every such line, a block of lines read by a declaration of
// its own, a table of rows) and one engine reads them, rather than a loop per code. Each rule reads a range
// of lines and returns a typed value; a declaration's result type is derived from its rules.
import { fortranReal, numbersIn } from './numbers.ts';
import { lineFinder, type LineFinder, matchingLines } from './scan.ts';
import type { TextSource } from './source.ts';

/** Where a rule reads and where its warnings go. `from` and `to` index lines, `to` excluded. */
export interface Scope {
  readonly source: TextSource;
  readonly from: number;
  readonly to: number;
  /** A warning about line `line` (0-based); the engine adds file and line number. */
  readonly warn: (line: number, message: string) => void;
}

export interface Rule<T> {
  readonly read: (scope: Scope) => T;
}

export type Declaration = { readonly [name: string]: Rule<unknown> };

/** What a declaration reads: each rule's value under its name. */
export type Parsed<D extends Declaration> = {
  -readonly [K in keyof D]: D[K] extends Rule<infer T> ? T : never;
};

/** Turns a line's match into a value; `warn` reports what could not be converted on that line. */
export type Convert<T> = (match: RegExpExecArray, warn: (message: string) => void) => T | undefined;

/** Reads each rule of a declaration over one scope. */
export function readDeclaration<D extends Declaration>(declaration: D, scope: Scope): Parsed<D> {
  const values: Record<string, unknown> = {};
  // for-in rather than Object.entries: a declaration is read once per block, and blocks are many.
  for (const name in declaration) values[name] = declaration[name]!.read(scope);
  return values as Parsed<D>;
}

/** The lines of a scope a finder matches (see scan.ts). */
const matches = (scope: Scope, finder: LineFinder) =>
  matchingLines(scope.source, scope.from, scope.to, finder);

const converted = <T>(scope: Scope, index: number, match: RegExpExecArray, convert: Convert<T>) =>
  convert(match, (message) => scope.warn(index, message));

/** The value of the first line that matches (and converts). */
export const first = <T>(pattern: RegExp, convert: Convert<T>): Rule<T | undefined> => {
  const finder = lineFinder(pattern);
  return {
    read: (scope) => {
      for (const [index, match] of matches(scope, finder)) {
        const value = converted(scope, index, match, convert);
        if (value !== undefined) return value;
      }
      return undefined;
    },
  };
};

/** The value of the last line that matches (and converts): a quantity printed again as it is updated. */
export const last = <T>(pattern: RegExp, convert: Convert<T>): Rule<T | undefined> => {
  const finder = lineFinder(pattern);
  return {
    read: (scope) => {
      let found: T | undefined;
      for (const [index, match] of matches(scope, finder))
        found = converted(scope, index, match, convert) ?? found;
      return found;
    },
  };
};

/** The values of every line that matches, in order. */
export const every = <T>(pattern: RegExp, convert: Convert<T>): Rule<T[]> => {
  const finder = lineFinder(pattern);
  return {
    read: (scope) => {
      const values: T[] = [];
      for (const [index, match] of matches(scope, finder)) {
        const value = converted(scope, index, match, convert);
        if (value !== undefined) values.push(value);
      }
      return values;
    },
  };
};

/** Whether any line matches. */
export const flag = (pattern: RegExp): Rule<boolean> => {
  const finder = lineFinder(pattern);
  return { read: (scope) => !matches(scope, finder).next().done };
};

interface BlockOptions {
  /** The line that closes a block (it belongs to the block); without it a block runs to the next start. */
  readonly end?: RegExp;
}

/** The line ranges of blocks: each from a start line to its end line, the next start or the scope's end. */
function blockRanges(
  scope: Scope,
  starts: readonly LineFinder[],
  end: LineFinder | undefined,
): [number, number][] {
  const lines = starts.flatMap((start) => [...matches(scope, start)].map(([index]) => index));
  // Lines of several kinds of start are taken in the order of the file, a line once.
  const found = starts.length > 1 ? [...new Set(lines)].sort((a, b) => a - b) : lines;
  return found.map((from, k) => {
    const next = found[k + 1] ?? scope.to;
    if (end) {
      const closing = matches({ ...scope, from: from + 1, to: next }, end).next();
      if (!closing.done) return [from, closing.value[0] + 1];
    }
    return [from, next];
  });
}

/**
 * Each block of lines that a start line opens (an SCF cycle, an MD step, a dataset), read by a
 * declaration of its own over its lines only. Several patterns open blocks of several kinds of start
 * line (a cell, its coordinates, its velocities), in the order of the file: one pattern with
 * alternatives would have no literal or lead to find its lines by.
 */
export const blocks = <D extends Declaration>(
  start: RegExp | readonly RegExp[],
  declaration: D,
  options: BlockOptions = {},
): Rule<Parsed<D>[]> => {
  const starts = (Array.isArray(start) ? start : [start]).map((pattern: RegExp) => lineFinder(pattern));
  const endFinder = options.end && lineFinder(options.end);
  return {
    read: (scope) =>
      blockRanges(scope, starts, endFinder).map(([from, to]) =>
        readDeclaration(declaration, { ...scope, from, to }),
      ),
  };
};

/** The first block a start line opens, read by its declaration; undefined when no line opens one. */
export const block = <D extends Declaration>(
  start: RegExp,
  declaration: D,
  options: BlockOptions = {},
): Rule<Parsed<D> | undefined> => {
  const [startFinder, endFinder] = [lineFinder(start), options.end && lineFinder(options.end)];
  return {
    read: (scope) => {
      const range = blockRanges(scope, [startFinder], endFinder)[0];
      return range && readDeclaration(declaration, { ...scope, from: range[0], to: range[1] });
    },
  };
};

interface TableOptions {
  /** Lines between the heading and the first row that are not rows (rules, column names). */
  readonly skip?: number;
}

/** The converted rows that follow a heading line: consecutive lines matching `row`; another line ends them. */
function rowsAfter<T>(scope: Scope, heading: number, row: RegExp, convert: Convert<T>, skip: number): T[] {
  const rows: T[] = [];
  for (let index = heading + 1 + skip; index < scope.to; index += 1) {
    row.lastIndex = 0;
    const match = row.exec(scope.source.lines[index]!);
    if (!match) break;
    const value = converted(scope, index, match, convert);
    if (value !== undefined) rows.push(value);
  }
  return rows;
}

/** The rows of each table: consecutive lines matching `row` after a heading line. */
export const tables = <T>(
  heading: RegExp,
  row: RegExp,
  convert: Convert<T>,
  options: TableOptions = {},
): Rule<T[][]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      [...matches(scope, finder)].map(([index]) => rowsAfter(scope, index, row, convert, options.skip ?? 0)),
  };
};

/** The rows of the first table after a heading line (none when there is no such heading). */
export const table = <T>(
  heading: RegExp,
  row: RegExp,
  convert: Convert<T>,
  options: TableOptions = {},
): Rule<T[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) => {
      const found = matches(scope, finder).next();
      return found.done ? [] : rowsAfter(scope, found.value[0], row, convert, options.skip ?? 0);
    },
  };
};

// Conversions of a match's groups.

/** Group `group` as text, trimmed. */
export const text =
  (group = 1): Convert<string> =>
  (match) =>
    match[group]?.trim();

/** Group `group` as a Fortran real; a group that is no number (an overflow of stars) is reported. */
export const real =
  (group = 1): Convert<number> =>
  (match, warn) => {
    const value = fortranReal(match[group]);
    if (value === undefined && match[group] !== undefined) warn(`'${match[group]}' is not a number`);
    return value;
  };

/** Group `group` as an integer. */
export const integer =
  (group = 1): Convert<number> =>
  (match, warn) => {
    const token = match[group];
    if (token === undefined) return undefined;
    if (/^\s*[-+]?\d+\s*$/.test(token)) return Number(token);
    warn(`'${token}' is not an integer`);
    return undefined;
  };

/** Every number in group `group` (default: the whole match). */
export const reals =
  (group = 0): Convert<number[]> =>
  (match) =>
    match[group] === undefined ? undefined : numbersIn(match[group]);

/** Exactly `count` numbers in group `group`; another count is reported. */
export const vector =
  (count: number, group = 0): Convert<number[]> =>
  (match, warn) => {
    const values = match[group] === undefined ? [] : numbersIn(match[group]);
    if (values.length === count) return values;
    warn(`expected ${count} numbers, found ${values.length}`);
    return undefined;
  };

type Fields = { readonly [name: string]: Convert<unknown> };

/** A record of several conversions of one match; it is dropped when a field does not convert. */
export const fields =
  <F extends Fields>(
    conversions: F,
  ): Convert<{ -readonly [K in keyof F]: F[K] extends Convert<infer T> ? T : never }> =>
  (match, warn) => {
    const record: Record<string, unknown> = {};
    for (const name in conversions) {
      const convert = conversions[name]!;
      const value = convert(match, warn);
      if (value === undefined) return undefined;
      record[name] = value;
    }
    return record as { -readonly [K in keyof F]: F[K] extends Convert<infer T> ? T : never };
  };
