// A table read into columns rather than rows: the numbers of each group of a row pattern, one array per
// group. Where a table is most of a file (VASP's band energies and occupations, a DOS), a record per row
// and a copy into columns afterwards cost more than reading the rows.
import type { Rule, Scope } from './rules.ts';
import { lineFinder, matchingLines } from './scan.ts';

/**
 * The columns of the first table after a heading: consecutive lines matching `row` (after `skip` lines),
 * the number of each of its `groups` groups in one array per group. A row whose groups are no numbers is
 * reported and left out. No heading, no table: every column empty.
 */
export const columns = (
  heading: RegExp,
  row: RegExp,
  groups: number,
  options: { readonly skip?: number } = {},
): Rule<number[][]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) => {
      const found = matchingLines(scope.source, scope.from, scope.to, finder).next();
      const values = Array.from({ length: groups }, (): number[] => []);
      if (found.done) return values;
      readColumns(scope, found.value[0] + 1 + (options.skip ?? 0), row, values);
      return values;
    },
  };
};

function readColumns(scope: Scope, from: number, row: RegExp, values: number[][]): void {
  const { lines } = scope.source;
  const numbers = new Array<number>(values.length);
  for (let index = from; index < scope.to; index += 1) {
    row.lastIndex = 0;
    const match = row.exec(lines[index]!);
    if (!match) return;
    let complete = true;
    for (let group = 0; group < values.length; group += 1) {
      const token = match[group + 1];
      // Number('') is 0: an empty group is no number either.
      numbers[group] = token ? Number(token) : Number.NaN;
      if (Number.isNaN(numbers[group]!)) complete = false;
    }
    if (!complete) {
      scope.warn(index, `expected ${values.length} numbers, found '${lines[index]!.trim()}'`);
      continue;
    }
    for (let group = 0; group < values.length; group += 1) values[group]!.push(numbers[group]!);
  }
}
