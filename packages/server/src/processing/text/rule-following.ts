// A heading with a fixed number of lines under it that carry no mark of their own: a 3×3 cell under its
// title, the file name and checksum under a pseudopotential's heading. The heading's match is converted
// with its lines, so that what it says (a unit, a number) stays with the rows it heads.
import type { Rule } from './rules.ts';
import { lineFinder, matchingLines } from './scan.ts';

/** Turns a heading's match and the lines under it into a value; undefined when they are no such record. */
export type ConvertFollowing<T> = (
  heading: RegExpExecArray,
  lines: readonly string[],
  warn: (message: string) => void,
) => T | undefined;

/** For each heading line, its match and the `count` lines after it (fewer where the scope ends), converted. */
export const following = <T>(heading: RegExp, count: number, convert: ConvertFollowing<T>): Rule<T[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) => {
      const { lines } = scope.source;
      const values: T[] = [];
      for (const [index, match] of matchingLines(lines, scope.from, scope.to, finder)) {
        const after = lines.slice(index + 1, Math.min(index + 1 + count, scope.to));
        const value = convert(match, after, (message) => scope.warn(index, message));
        if (value !== undefined) values.push(value);
      }
      return values;
    },
  };
};
