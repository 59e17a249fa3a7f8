// Tables whose rows do not start at a fixed distance from their heading: column names, rules and blank
// lines between them vary with the program's version (CP2K's coordinates have a blank line between
// names and rows until 2022, none since 2023.1). Lines up to the first row are passed over.
import type { Convert, Rule, Scope } from './rules.ts';
import { lineFinder, matchingLines } from './scan.ts';

interface LooseTableOptions {
  /** At most this many lines after the heading are searched for the first row (default: all). */
  readonly within?: number;
}

/** The converted rows after one heading: lines before the first row are passed over; a non-row ends them. */
function rowsAfter<T>(scope: Scope, heading: number, row: RegExp, convert: Convert<T>, within: number): T[] {
  const rows: T[] = [];
  const { lines } = scope.source;
  let started = false;
  for (let index = heading + 1; index < scope.to; index += 1) {
    row.lastIndex = 0;
    const match = row.exec(lines[index]!);
    if (!match) {
      if (started || index - heading >= within) break;
      continue;
    }
    started = true;
    const value = convert(match, (message) => scope.warn(index, message));
    if (value !== undefined) rows.push(value);
  }
  return rows;
}

/** The rows of the table after each heading line, its first row found within `within` lines. */
export const looseTables = <T>(
  heading: RegExp,
  row: RegExp,
  convert: Convert<T>,
  options: LooseTableOptions = {},
): Rule<T[][]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) => {
      const headings = matchingLines(scope.source, scope.from, scope.to, finder);
      return [...headings].map(([index]) =>
        rowsAfter(scope, index, row, convert, options.within ?? Infinity),
      );
    },
  };
};
