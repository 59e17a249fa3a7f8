// Parts of a scope cut at marker lines, each read by a declaration of its own: what an output prints
// before an optimisation starts, or from the point where it starts to the end; the runs of a file that
// holds several, the first with what precedes its header. Blocks cannot say this: a block runs only to
// the next line like its start, and nothing opens the part before the first marker.
import { type Declaration, type Parsed, readDeclaration, type Rule, type Scope } from './rules.ts';
import { type LineFinder, lineFinder, matchingLines } from './scan.ts';

/** The lines of a scope that a marker finds. */
const markerLines = (scope: Scope, marker: LineFinder): number[] =>
  [...matchingLines(scope.source.lines, scope.from, scope.to, marker)].map(([index]) => index);

/** The first line of a scope that one of the markers finds, or the scope's end. */
function firstMarker(scope: Scope, markers: readonly LineFinder[]): number {
  const { lines } = scope.source;
  for (let index = scope.from; index < scope.to; index += 1)
    for (const marker of markers) if (marker.exec(lines[index]!)) return index;
  return scope.to;
}

/** The lines before the first line that matches one of the markers (all of them when none does). */
export const before = <D extends Declaration>(
  markerPatterns: readonly RegExp[],
  declaration: D,
): Rule<Parsed<D>> => {
  const markers = markerPatterns.map((pattern) => lineFinder(pattern));
  return { read: (scope) => readDeclaration(declaration, { ...scope, to: firstMarker(scope, markers) }) };
};

/** The lines from the first line that matches the marker to the scope's end; undefined when none does. */
export const after = <D extends Declaration>(marker: RegExp, declaration: D): Rule<Parsed<D> | undefined> => {
  const markers = [lineFinder(marker)];
  return {
    read: (scope) => {
      const from = firstMarker(scope, markers);
      return from < scope.to ? readDeclaration(declaration, { ...scope, from }) : undefined;
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
