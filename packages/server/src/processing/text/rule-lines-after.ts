// A fixed number of lines after a heading, read by a declaration of their own, where the toolkit's
// tables (runs of matching rows) do not fit: a 3×3 matrix under its title, a box whose rows are not
// consecutive, the column names under a heading. Also a declaration for a file without the headings
// that would otherwise cut it into sections.
import { literalOf } from './literal.ts';
import { type Declaration, type Parsed, type Rule, type Scope, readDeclaration } from './rules.ts';

/** The indices of a scope's lines that match, found by the pattern's literal part first (cheap). */
function* matchingLines(scope: Scope, pattern: RegExp): Generator<number> {
  const literal = literalOf(pattern);
  const { lines } = scope.source;
  for (let index = scope.from; index < scope.to; index += 1) {
    const line = lines[index]!;
    if (literal !== undefined && !line.includes(literal)) continue;
    pattern.lastIndex = 0;
    if (pattern.test(line)) yield index;
  }
}

/**
 * For each heading line, the `count` lines after it (fewer where the scope ends), read by a declaration.
 * The heading itself is not among them.
 */
export const linesAfter = <D extends Declaration>(
  heading: RegExp,
  count: number,
  declaration: D,
): Rule<Parsed<D>[]> => ({
  read: (scope) =>
    [...matchingLines(scope, heading)].map((index) =>
      readDeclaration(declaration, { ...scope, from: index + 1, to: Math.min(index + 1 + count, scope.to) }),
    ),
});

/**
 * A declaration read over the whole scope only when no line matches `marker` (undefined otherwise): a
 * file without section headings read as its one section, without reading it twice when it has them.
 */
export const whenNone = <D extends Declaration>(
  marker: RegExp,
  declaration: D,
): Rule<Parsed<D> | undefined> => ({
  read: (scope) =>
    matchingLines(scope, marker).next().done ? readDeclaration(declaration, scope) : undefined,
});
