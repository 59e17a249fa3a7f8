// A fixed number of lines after a heading, read by a declaration of their own, where the toolkit's
// tables (runs of matching rows) do not fit: a 3×3 matrix under its title, a box whose rows are not
// consecutive, the column names under a heading. Also a declaration for a file without the headings
// that would otherwise cut it into sections.
import { type Declaration, type Parsed, type Rule, readDeclaration } from './rules.ts';
import { lineFinder, matchingLines } from './scan.ts';

/**
 * For each heading line, the `count` lines after it (fewer where the scope ends), read by a declaration.
 * The heading itself is not among them.
 */
export const linesAfter = <D extends Declaration>(
  heading: RegExp,
  count: number,
  declaration: D,
): Rule<Parsed<D>[]> => {
  const finder = lineFinder(heading);
  return {
    read: (scope) =>
      [...matchingLines(scope.source.lines, scope.from, scope.to, finder)].map(([index]) =>
        readDeclaration(declaration, {
          ...scope,
          from: index + 1,
          to: Math.min(index + 1 + count, scope.to),
        }),
      ),
  };
};

/**
 * A declaration read over the whole scope only when no line matches `marker` (undefined otherwise): a
 * file without section headings read as its one section, without reading it twice when it has them.
 */
export const whenNone = <D extends Declaration>(
  marker: RegExp,
  declaration: D,
): Rule<Parsed<D> | undefined> => {
  const finder = lineFinder(marker);
  return {
    read: (scope) =>
      matchingLines(scope.source.lines, scope.from, scope.to, finder).next().done
        ? readDeclaration(declaration, scope)
        : undefined,
  };
};
