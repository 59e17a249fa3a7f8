// A file's lines, and where to look in them. Rules find their lines by what the lines hold (a literal) or
// begin with (a lead, see literal.ts); both are looked up here rather than tested on every line of every
// scope: the lines of each lead are known after one pass over the file, and a literal is searched for in
// the text itself, which is several times faster than testing each line. Both are kept with the file, so
// that the many rules and blocks that read one file share them.

/** A file's lines with its name (for messages: 'pw.out line 214: ...'). */
export interface TextSource {
  readonly file: string;
  readonly lines: readonly string[];
  /** Lines that hold `literal`, ascending: all those from `from` to `to` (excluded), maybe more. */
  readonly holding: (literal: string, from: number, to: number) => Int32Array;
  /** The lines whose lead (first one or two characters other than blanks) is one of `leads`, ascending. */
  readonly leading: (leads: readonly string[]) => Int32Array;
}

/** Where each line starts in the text it was cut from (after a CRLF, CR or LF). */
function lineStarts(content: string, lines: readonly string[]): number[] {
  const starts = new Array<number>(lines.length + 1);
  let offset = 0;
  for (let k = 0; k < lines.length; k += 1) {
    starts[k] = offset;
    offset += lines[k]!.length;
    offset += content.charCodeAt(offset) === 13 && content.charCodeAt(offset + 1) === 10 ? 2 : 1;
  }
  starts[lines.length] = offset;
  return starts;
}

/** The index of the line that holds offset `at`: the last start at or before it, searched from `low`. */
function lineOf(starts: readonly number[], at: number, low: number): number {
  let [lo, hi] = [low, starts.length - 2];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The lines from `from` to `to` (excluded) that hold `literal`, by searching the text between them. */
function searchText(content: string, starts: readonly number[], literal: string, from: number, to: number) {
  const indices: number[] = [];
  const base = starts[from]!;
  // Searched in a slice (which V8 makes without a copy) so that a search does not run on to the file's end.
  const text = content.slice(base, starts[to]);
  let line = from;
  for (let at = text.indexOf(literal); at >= 0;) {
    line = lineOf(starts, base + at, line);
    indices.push(line);
    // Once per line: the search goes on from the next line.
    at = text.indexOf(literal, starts[line + 1]! - base);
  }
  return new Int32Array(indices);
}

const OTHER_BLANK = /\s/;
/** Whether a character is one that `\s` matches (as a pattern's indentation does). */
const isBlank = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || (code > 127 && OTHER_BLANK.test(String.fromCharCode(code)));

/** Where the next character other than a blank is, from `at` on (the line's length when none). */
function nextNonBlank(line: string, at: number): number {
  let k = at;
  for (; k < line.length; k += 1) {
    const code = line.charCodeAt(k);
    // Most characters are printable ASCII: only the others are tested for blanks.
    if (code > 32 && code < 128) return k;
    if (!isBlank(code)) return k;
  }
  return k;
}

/** A lead of one or two characters as a number: the first in the high 16 bits, the second (or 0) below. */
const leadCode = (lead: string) => (lead.charCodeAt(0) << 16) | (lead.length > 1 ? lead.charCodeAt(1) : 0);

/** Lines are grouped by the first character of their lead, up to this code (the rest share the last group). */
const GROUPS = 256;
const groupOf = (code: number) => Math.min(code >>> 16, GROUPS - 1);

interface LeadIndex {
  /** Per line its lead code (0 for a blank line). */
  readonly codes: Int32Array;
  /** The lines that have a lead, grouped by its first character, ascending within each group. */
  readonly grouped: Int32Array;
  /** Where each group begins in `grouped` (and, at GROUPS, where the last ends). */
  readonly groupStarts: Int32Array;
}

/** The lead of every line, and the lines grouped by its first character (a counting sort), in two passes. */
function leadIndex(lines: readonly string[]): LeadIndex {
  const codes = new Int32Array(lines.length);
  const groupStarts = new Int32Array(GROUPS + 1);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const first = nextNonBlank(line, 0);
    if (first === line.length) continue;
    const second = nextNonBlank(line, first + 1);
    const code = (line.charCodeAt(first) << 16) | (second < line.length ? line.charCodeAt(second) : 0);
    codes[index] = code;
    groupStarts[groupOf(code) + 1]! += 1;
  }
  for (let group = 1; group <= GROUPS; group += 1) groupStarts[group]! += groupStarts[group - 1]!;
  const grouped = new Int32Array(groupStarts[GROUPS]!);
  const next = groupStarts.slice(0, GROUPS);
  for (let index = 0; index < codes.length; index += 1) {
    if (codes[index] === 0) continue;
    const group = groupOf(codes[index]!);
    grouped[next[group]!] = index;
    next[group]! += 1;
  }
  return { codes, grouped, groupStarts };
}

/** The lines of one lead: its first character's group, kept whole or filtered by the lead's code. */
function linesOfLead({ codes, grouped, groupStarts }: LeadIndex, lead: string): Int32Array {
  const code = leadCode(lead);
  const group = groupOf(code);
  const lines = grouped.subarray(groupStarts[group], groupStarts[group + 1]);
  if (lead.length === 1 && group < GROUPS - 1) return lines;
  const mask = lead.length === 1 ? ~0xffff : ~0;
  return lines.filter((index) => (codes[index]! & mask) === code);
}

/** The lines of any of `leads`; a one-character lead takes every line whose lead begins with it. */
function linesLed(index: LeadIndex, leads: readonly string[]): Int32Array {
  const distinct = [...new Set(leads)];
  if (distinct.length === 1) return linesOfLead(index, distinct[0]!);
  const parts = distinct.map((lead) => linesOfLead(index, lead));
  const all = new Int32Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => {
    all.set(part, offset);
    return offset + part.length;
  }, 0);
  all.sort();
  // A line is in two parts when one lead begins another ('A', 'Ab'): it is kept once.
  return all.filter((line, k) => k === 0 || line !== all[k - 1]);
}

/** The `leading` of a source: its leads are indexed when first asked for, each set's lines kept. */
function leadingOf(lines: readonly string[]): TextSource['leading'] {
  let index: LeadIndex | undefined;
  const found = new Map<string, Int32Array>();
  return (leads) => {
    const key = leads.join('\n');
    let indices = found.get(key);
    if (indices === undefined) {
      indices = linesLed((index ??= leadIndex(lines)), leads);
      found.set(key, indices);
    }
    return indices;
  };
}

/**
 * A whole file as a source. A literal is searched for in the text of the scope asked for, until the
 * scopes searched for it add up to half the file: then the whole file is, once, and its lines kept.
 */
export function textSource(file: string, content: string): TextSource {
  // Without a CR the cut is at LF alone, which a string split does several times faster.
  const lines = content.includes('\r') ? content.split(/\r\n|\r|\n/) : content.split('\n');
  let starts: number[] | undefined;
  const searched = new Map<string, number>();
  const whole = new Map<string, Int32Array>();
  const holding: TextSource['holding'] = (literal, from, to) => {
    const kept = whole.get(literal);
    if (kept) return kept;
    starts ??= lineStarts(content, lines);
    const spent = (searched.get(literal) ?? 0) + starts[to]! - starts[from]!;
    if (spent <= content.length / 2) {
      searched.set(literal, spent);
      return searchText(content, starts, literal, from, to);
    }
    const all = searchText(content, starts, literal, 0, lines.length);
    whole.set(literal, all);
    return all;
  };
  return { file, lines, holding, leading: leadingOf(lines) };
}

/** A source of lines picked from a file (no text of its own): literals are searched for line by line. */
export function linesSource(file: string, lines: readonly string[]): TextSource {
  const holding: TextSource['holding'] = (literal, from, to) => {
    const indices: number[] = [];
    for (let k = from; k < to; k += 1) if (lines[k]!.includes(literal)) indices.push(k);
    return new Int32Array(indices);
  };
  return { file, lines, holding, leading: leadingOf(lines) };
}
