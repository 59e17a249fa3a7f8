// Finding the lines a pattern matches, fast: what a line must contain is read from the pattern once, when
// a rule is declared, and most lines of a long output are passed over by a substring test (a prefix test
// for an anchored pattern) before the regular expression runs.
import { anchoredPrefixOf, literalOf } from './literal.ts';

export interface LineFinder {
  readonly pattern: RegExp;
  /** The match of one line, or null; cheap for the lines that cannot match. */
  readonly exec: (line: string) => RegExpExecArray | null;
}

export function lineFinder(pattern: RegExp): LineFinder {
  const prefix = anchoredPrefixOf(pattern);
  const literal = prefix === undefined ? literalOf(pattern) : undefined;
  const run = (line: string) => {
    pattern.lastIndex = 0;
    return pattern.exec(line);
  };
  if (prefix !== undefined) return { pattern, exec: (line) => (line.startsWith(prefix) ? run(line) : null) };
  if (literal !== undefined) return { pattern, exec: (line) => (line.includes(literal) ? run(line) : null) };
  return { pattern, exec: run };
}

/** The lines `from` to `to` (excluded) that a finder matches, with their index. */
export function* matchingLines(
  lines: readonly string[],
  from: number,
  to: number,
  finder: LineFinder,
): Generator<[number, RegExpExecArray]> {
  for (let index = from; index < to; index += 1) {
    const match = finder.exec(lines[index]!);
    if (match) yield [index, match];
  }
}
