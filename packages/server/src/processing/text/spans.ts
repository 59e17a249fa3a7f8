// Rules for blocks whose extent the lines themselves give: a heading and the lines after it that still
// belong to it (a table with blank lines or sub-headings in it, a record over several lines), runs of
// like lines, and a declaration read among the few lines that carry a marker.
import {
  type Convert,
  type Declaration,
  type Parsed,
  type Rule,
  type Scope,
  readDeclaration,
} from './rules.ts';
import { type LineFinder, lineFinder, matchingLines } from './scan.ts';
import { linesSource } from './source.ts';

interface SpanOptions {
  /** Lines after the heading that belong to the span whatever they hold (rules, column names). */
  readonly skip?: number;
  /** The line before a heading must match this (a heading framed by a rule line). */
  readonly after?: RegExp;
}

/** The line indices of a scope that a finder matches. */
const headings = (scope: Scope, finder: LineFinder): number[] =>
  [...matchingLines(scope.source, scope.from, scope.to, finder)].map(([index]) => index);

/** Where the span of a heading ends: at the first line after it (and its skipped lines) not in `body`. */
function spanEnd(scope: Scope, heading: number, body: RegExp, skip: number): number {
  let index = Math.min(heading + 1 + skip, scope.to);
  for (; index < scope.to; index += 1) {
    body.lastIndex = 0;
    if (!body.test(scope.source.lines[index]!)) break;
  }
  return index;
}

/**
 * Each span a heading line opens, read by a declaration over its lines: the heading, `skip` lines, then
 * the consecutive lines matching `body` (the first line that does not ends the span).
 */
export const spans = <D extends Declaration>(
  heading: RegExp,
  body: RegExp,
  declaration: D,
  options: SpanOptions = {},
): Rule<Parsed<D>[]> => {
  const start = lineFinder(heading);
  return {
    read: (scope) =>
      headings(scope, start)
        .filter((from) => !options.after || options.after.test(scope.source.lines[from - 1] ?? ''))
        .map((from) =>
          readDeclaration(declaration, { ...scope, from, to: spanEnd(scope, from, body, options.skip ?? 0) }),
        ),
  };
};

/** Each run of consecutive lines that match a pattern (a record printed over several lines), converted. */
export const runs = <T>(pattern: RegExp, convert: Convert<T>): Rule<T[][]> => {
  const line = lineFinder(pattern);
  return {
    read: (scope) => {
      const found: T[][] = [];
      let previous = -2;
      for (const [index, match] of matchingLines(scope.source, scope.from, scope.to, line)) {
        if (index !== previous + 1) found.push([]);
        previous = index;
        const value = convert(match, (message) => scope.warn(index, message));
        if (value !== undefined) found.at(-1)!.push(value);
      }
      return found;
    },
  };
};

/**
 * The declaration read over only the lines that match `filter`, with their line numbers kept for
 * warnings: one-line quantities that share a marker ('=', 'energy') are then looked for among a few
 * lines rather than each over the whole scope. Tables and blocks need consecutive lines: not in here.
 */
export const among = <D extends Declaration>(filter: RegExp, declaration: D): Rule<Parsed<D>> => {
  const line = lineFinder(filter);
  return {
    read: (scope) => {
      const indices = headings(scope, line);
      const lines = indices.map((index) => scope.source.lines[index]!);
      return readDeclaration(declaration, {
        source: linesSource(scope.source.file, lines),
        from: 0,
        to: lines.length,
        warn: (index, message) => scope.warn(indices[index]!, message),
      });
    },
  };
};
