// Parts of a scope cut at marker lines, each read by a declaration of its own: what an output prints
// before an optimisation starts, or from the point where it starts to the end (or to a closing line); the
// runs of a file that holds several, the first with what precedes its header; the whole scope when no
// line is a marker. Blocks cannot say this: a block runs only to the next line like its start, and
// nothing opens the part before the first marker.
import { type Declaration, type Parsed, readDeclaration, type Rule, type Scope } from './rules.ts';
import { firstMatching, type LineFinder, lineFinder, matchingLines } from './scan.ts';

/** The lines of a scope that a marker finds. */
const markerLines = (scope: Scope, marker: LineFinder): number[] =>
  [...matchingLines(scope.source, scope.from, scope.to, marker)].map(([index]) => index);

/** The first line of a scope that one of the markers finds, or the scope's end. */
function firstMarker(scope: Scope, markers: readonly LineFinder[]): number {
  let first = scope.to;
  // Each marker is looked for only before the earliest line found so far.
  for (const marker of markers) first = firstMatching(scope.source, scope.from, first, marker);
  return first;
}

/** The lines before the first line that matches one of the markers (all of them when none does). */
export const before = <D extends Declaration>(
  markerPatterns: readonly RegExp[],
  declaration: D,
): Rule<Parsed<D>> => {
  const markers = markerPatterns.map((pattern) => lineFinder(pattern));
  return { read: (scope) => readDeclaration(declaration, { ...scope, to: firstMarker(scope, markers) }) };
};

interface AfterOptions {
  /** The line that closes the part (it belongs to the part); without it the part runs to the scope's end. */
  readonly end?: RegExp;
}

/**
 * The lines from the first line that matches the marker to the scope's end, or to the first `end` line
 * after it; undefined when no line matches the marker.
 */
export const after = <D extends Declaration>(
  marker: RegExp,
  declaration: D,
  options: AfterOptions = {},
): Rule<Parsed<D> | undefined> => {
  const markers = [lineFinder(marker)];
  const end = options.end && [lineFinder(options.end)];
  return {
    read: (scope) => {
      const from = firstMarker(scope, markers);
      if (from >= scope.to) return undefined;
      const closing = end ? firstMarker({ ...scope, from: from + 1 }, end) : scope.to;
      return readDeclaration(declaration, { ...scope, from, to: Math.min(closing + 1, scope.to) });
    },
  };
};

/**
 * The scope cut before every line that matches the marker but the first: one part per marker, the first
 * with the lines before it (a script's preamble before the first run); the whole scope when at most one
 * line matches.
 */
export const parts = <D extends Declaration>(marker: RegExp, declaration: D): Rule<Parsed<D>[]> => {
  const cut = lineFinder(marker);
  return {
    read: (scope) => {
      const cuts = [scope.from, ...markerLines(scope, cut).slice(1), scope.to];
      return cuts
        .slice(0, -1)
        .map((from, k) => readDeclaration(declaration, { ...scope, from, to: cuts[k + 1]! }));
    },
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
      firstMatching(scope.source, scope.from, scope.to, finder) < scope.to
        ? undefined
        : readDeclaration(declaration, scope),
  };
};
