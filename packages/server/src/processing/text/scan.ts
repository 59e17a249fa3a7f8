// Finding the lines a pattern matches, fast. What a matching line must begin with (its leads) or contain
// (a literal) is read from the pattern once, when a rule is declared; the source (source.ts) knows which
// of its lines do, and the pattern runs on those alone. A pattern that says neither is tested on every
// line of its scope.
import { anchoredPrefixOf, leadsOf, literalOf } from './literal.ts';
import type { TextSource } from './source.ts';

export interface LineFinder {
  readonly pattern: RegExp;
  /** The match of one line, or null; cheap for the lines that cannot match. */
  readonly exec: (line: string) => RegExpExecArray | null;
  /**
   * Lines of a source from `from` to `to` (excluded) that may match, ascending, maybe with lines outside
   * that range; the others cannot match. Undefined when the pattern says nothing: every line may.
   */
  readonly candidates: (source: TextSource, from: number, to: number) => Int32Array | undefined;
}

export function lineFinder(pattern: RegExp): LineFinder {
  const prefix = anchoredPrefixOf(pattern);
  const literal = literalOf(pattern);
  const leads = leadsOf(pattern);
  const run = (line: string) => {
    pattern.lastIndex = 0;
    return pattern.exec(line);
  };
  // Leads of two characters are few lines each; a literal is next best; a lead of one character (a
  // table's '|') may be many lines, but fewer than all.
  const byLead = leads?.every((lead) => lead.length === 2);
  const candidates: LineFinder['candidates'] = (source, from, to) =>
    leads && (byLead || literal === undefined)
      ? source.leading(leads)
      : literal !== undefined
        ? source.holding(literal, from, to)
        : undefined;
  if (prefix !== undefined)
    return { pattern, candidates, exec: (line) => (line.startsWith(prefix) ? run(line) : null) };
  if (literal !== undefined)
    return { pattern, candidates, exec: (line) => (line.includes(literal) ? run(line) : null) };
  return { pattern, candidates, exec: run };
}

/** The first position in ascending `indices` whose value is at least `from`. */
function firstAtLeast(indices: Int32Array, from: number): number {
  let [lo, hi] = [0, indices.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (indices[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lines `from` to `to` (excluded) that a finder matches, with their index. */
export function* matchingLines(
  source: TextSource,
  from: number,
  to: number,
  finder: LineFinder,
): Generator<[number, RegExpExecArray]> {
  const { lines } = source;
  const candidates = finder.candidates(source, from, to);
  if (candidates === undefined) {
    for (let index = from; index < to; index += 1) {
      const match = finder.exec(lines[index]!);
      if (match) yield [index, match];
    }
    return;
  }
  for (let k = firstAtLeast(candidates, from); k < candidates.length && candidates[k]! < to; k += 1) {
    const index = candidates[k]!;
    const match = finder.exec(lines[index]!);
    if (match) yield [index, match];
  }
}

/** The index of the first line from `from` to `to` (excluded) that a finder matches, or `to`. */
export function firstMatching(source: TextSource, from: number, to: number, finder: LineFinder): number {
  const found = matchingLines(source, from, to, finder).next();
  return found.done ? to : found.value[0];
}
