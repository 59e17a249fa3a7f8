// Blocks opened by any of several kinds of start line (a cell, its coordinates, its velocities), read in
// the order the file prints them. One pattern with alternatives would have no literal part to find its
// lines by; each start here is found by its own.
import { type Declaration, type Parsed, type Rule, readDeclaration } from './rules.ts';
import { lineFinder } from './scan.ts';

interface BlocksOfOptions {
  /** The line that closes a block (it belongs to the block); without it a block runs to the next start. */
  readonly end?: RegExp;
}

/** Where a block from line `from` ends: after its end line, else at `next`. */
function blockEnd(lines: readonly string[], from: number, next: number, end: RegExp | undefined): number {
  if (!end) return next;
  for (let index = from + 1; index < next; index += 1) {
    end.lastIndex = 0;
    if (end.test(lines[index]!)) return index + 1;
  }
  return next;
}

/** Each block from a line matching one of `starts` to its end line, the next start or the scope's end. */
export const blocksOf = <D extends Declaration>(
  starts: readonly RegExp[],
  declaration: D,
  options: BlocksOfOptions = {},
): Rule<Parsed<D>[]> => {
  const finders = starts.map((pattern) => lineFinder(pattern));
  const isStart = (line: string) => finders.some((finder) => finder.exec(line) !== null);
  return {
    read: (scope) => {
      const { lines } = scope.source;
      const found: number[] = [];
      for (let index = scope.from; index < scope.to; index += 1)
        if (isStart(lines[index]!)) found.push(index);
      return found.map((from, k) =>
        readDeclaration(declaration, {
          ...scope,
          from,
          to: blockEnd(lines, from, found[k + 1] ?? scope.to, options.end),
        }),
      );
    },
  };
};
