// Records of several lines after a heading, which one-line patterns cannot read: the line under a
// heading that carries no mark of its own ('Command line:' then the command), a 3×3 cell under its title
// (converted with the heading's match, so that what it says, a unit, stays with the rows), a block's
// start line with the lines under it, tables whose rows are pairs of a names line and a values line
// (GROMACS' energies), and a fixed number of lines after a heading read by a declaration of their own.
import { type Declaration, type Parsed, readDeclaration, type Rule, type Scope } from './rules.ts';
import { type LineFinder, lineFinder, matchingLines } from './scan.ts';

/**
 * Turns a record's lines into a value; undefined when the lines are no such record. `warn` reports what
 * could not be read on the record's line `line` (counted from 0, its first; -1 is a heading's line).
 * `heading` is the match of the heading line the record follows.
 */
export type ConvertLines<T> = (
  lines: readonly string[],
  warn: (message: string, line?: number) => void,
  heading?: RegExpExecArray,
) => T | undefined;

interface RecordOptions {
  /** Where the scope ends before `size` lines, the record is the lines there are (else there is none). */
  readonly partial?: boolean;
}

/** The indices of a scope's lines that a heading finder matches, with their match. */
const headings = (scope: Scope, finder: LineFinder): [number, RegExpExecArray][] => [
  ...matchingLines(scope.source, scope.from, scope.to, finder),
];

/** The record of `size` lines from line `from`, converted; where the scope ends first, see `partial`. */
function recordAt<T>(
  scope: Scope,
  from: number,
  size: number,
  convert: ConvertLines<T>,
  heading?: RegExpExecArray,
  partial = false,
): T | undefined {
  if (from + size > scope.to && !partial) return undefined;
  const lines = scope.source.lines.slice(from, Math.min(from + size, scope.to));
  return convert(lines, (message, line = 0) => scope.warn(from + line, message), heading);
}

/**
 * For every heading line, the record of the `size` lines right after it, converted with the heading's
 * match (dropped where it does not convert).
 */
export const recordAfter = <T>(
  heading: RegExp,
  size: number,
  convert: ConvertLines<T>,
  options: RecordOptions = {},
): Rule<T[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      headings(scope, finder)
        .map(([index, match]) => recordAt(scope, index + 1, size, convert, match, options.partial))
        .filter((value): value is T => value !== undefined),
  };
};

/**
 * For every heading line, the records of `size` lines each that follow it, up to the first that does
 * not convert (or the scope's end): a table whose rows span several lines.
 */
export const recordsAfter = <T>(heading: RegExp, size: number, convert: ConvertLines<T>): Rule<T[][]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      headings(scope, finder).map(([index, match]) => {
        const records: T[] = [];
        for (let from = index + 1; ; from += size) {
          const record = recordAt(scope, from, size, convert, match);
          if (record === undefined) return records;
          records.push(record);
        }
      }),
  };
};

/**
 * The record of the first `size` lines of the scope: in a block, its start line and the lines under it
 * (undefined when the block is shorter or they do not convert). Nothing is searched for.
 */
export const startLines = <T>(size: number, convert: ConvertLines<T>): Rule<T | undefined> => ({
  read: (scope) => recordAt(scope, scope.from, size, convert),
});

/**
 * For each heading line, the `count` lines after it (fewer where the scope ends), read by a declaration:
 * where tables (runs of matching rows) do not fit, a matrix under its title, a box whose rows are not
 * consecutive, the column names under a heading. The heading itself is not among them.
 */
export const linesAfter = <D extends Declaration>(
  heading: RegExp,
  count: number,
  declaration: D,
): Rule<Parsed<D>[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      headings(scope, finder).map(([index]) =>
        readDeclaration(declaration, {
          ...scope,
          from: index + 1,
          to: Math.min(index + 1 + count, scope.to),
        }),
      ),
  };
};
