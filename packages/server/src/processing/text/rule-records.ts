// Records of several lines after a heading, which one-line patterns cannot read: the line under a
// heading that carries no mark of its own ('Command line:' then the command), a block's start line with
// the lines under it, and tables whose rows are pairs of a names line and a values line (GROMACS'
// energies).
import type { Rule, Scope } from './rules.ts';
import { type LineFinder, lineFinder, matchingLines } from './scan.ts';

/**
 * Turns a record's lines into a value; undefined when the lines are no such record. `warn` reports what
 * could not be read on the record's line `line` (counted from 0, its first).
 */
export type ConvertLines<T> = (
  lines: readonly string[],
  warn: (message: string, line?: number) => void,
) => T | undefined;

/** The indices of a scope's lines that a heading finder matches. */
const headings = (scope: Scope, finder: LineFinder): number[] =>
  [...matchingLines(scope.source.lines, scope.from, scope.to, finder)].map(([index]) => index);

/** The record of `size` lines from line `from`, converted; undefined where the scope ends first. */
function recordAt<T>(scope: Scope, from: number, size: number, convert: ConvertLines<T>): T | undefined {
  if (from + size > scope.to) return undefined;
  const lines = scope.source.lines.slice(from, from + size);
  return convert(lines, (message, line = 0) => scope.warn(from + line, message));
}

/** For every heading line, the record of the `size` lines right after it (dropped where it does not convert). */
export const recordAfter = <T>(heading: RegExp, size: number, convert: ConvertLines<T>): Rule<T[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      headings(scope, finder)
        .map((index) => recordAt(scope, index + 1, size, convert))
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
      headings(scope, finder).map((index) => {
        const records: T[] = [];
        for (let from = index + 1; ; from += size) {
          const record = recordAt(scope, from, size, convert);
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
