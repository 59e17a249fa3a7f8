// A substring every line matching a pattern must contain, so that most lines of a long output are passed
// over by a substring test before the regular expression runs. Derived from the pattern's source rather
// than declared twice; a pattern it cannot read safely gives none (and is simply tested on every line).

/** Characters that are themselves in a pattern's source. */
const PLAIN = /[A-Za-z0-9 _:=,;'"<>!@%&#~`/-]/;
/** Escapes of characters that are then themselves ('\|', '\(', '\.'). */
const ESCAPED_PLAIN = /[|()[\]{}.*+?^$\\/-]/;

/**
 * The longest run of literal characters at the top level of a pattern, or undefined when the pattern
 * ignores case, has a top-level alternative, or has no run of at least three characters.
 */
export function literalOf(pattern: RegExp): string | undefined {
  if (pattern.flags.includes('i')) return undefined;
  const source = pattern.source;
  let best = '';
  let run = '';
  let depth = 0;
  const endRun = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '\\') {
      const escaped = source[i + 1];
      i += 1;
      if (
        depth === 0 &&
        escaped !== undefined &&
        ESCAPED_PLAIN.test(escaped) &&
        !/[?*{]/.test(source[i + 1] ?? '')
      ) {
        run += escaped;
      } else endRun();
      continue;
    }
    if (char === '[') {
      endRun();
      // Skip the class: its characters are alternatives, not a sequence.
      for (i += 1; i < source.length && source[i] !== ']'; i += 1) if (source[i] === '\\') i += 1;
      continue;
    }
    if (char === '{') {
      // A quantifier's counts ('{2,3}') are no characters of the line.
      endRun();
      while (i < source.length && source[i] !== '}') i += 1;
      continue;
    }
    if (char === '(') {
      endRun();
      depth += 1;
      continue;
    }
    if (char === ')') {
      depth -= 1;
      continue;
    }
    if (char === '|') {
      if (depth === 0) return undefined;
      continue;
    }
    if (depth > 0) continue;
    if (PLAIN.test(char)) {
      // A character that a quantifier makes optional or repeatable ends the run without it.
      if (next !== undefined && /[?*{]/.test(next)) endRun();
      else if (next === '+') {
        run += char;
        endRun();
      } else run += char;
      continue;
    }
    endRun();
  }
  endRun();
  // Spaces at the ends are left out: V8 searches a string that starts with one several times slower.
  best = best.trim();
  return best.length >= 3 ? best : undefined;
}

/**
 * The characters a pattern anchored at the line start ('^Precision:') requires there, or undefined: a
 * `startsWith` test, cheaper than searching the whole line for them.
 */
export function anchoredPrefixOf(pattern: RegExp): string | undefined {
  const source = pattern.source;
  if (!source.startsWith('^') || pattern.flags.includes('i')) return undefined;
  let prefix = '';
  for (let i = 1; i < source.length; i += 1) {
    let char = source[i]!;
    if (char === '\\') {
      const escaped = source[i + 1];
      if (escaped === undefined || !ESCAPED_PLAIN.test(escaped)) break;
      char = escaped;
      i += 1;
    } else if (!PLAIN.test(char)) break;
    // A quantifier after it makes the character optional or repeated: the prefix ends before it.
    if (/[?*{+]/.test(source[i + 1] ?? '')) break;
    prefix += char;
  }
  // A top-level alternative could match elsewhere ('^a|b').
  return prefix.length > 0 && !hasTopLevelAlternative(source) ? prefix : undefined;
}

/** Whether a pattern's source has a '|' outside groups and classes. */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === '[') while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

/** A blank of a pattern that `\s` covers: a space, '\s' or '\t', repeated or not ('\s*', ' +', '\s{2}'). */
const BLANK_TOKEN = /^(?: |\\s|\\t)(?:[*+?]|\{\d*,?\d*\})?/;
/** A class of a few plain characters ('[Cc]'), which gives a lead per character. */
const PLAIN_CLASS = /^\[([A-Za-z0-9_:=,;'"<>!@%&#~`/]{1,4})\]/;
/** A group of alternatives of plain characters and spaces ('(?:Updated|Final)'); no escaped backslash. */
const PLAIN_GROUP =
  /^\((?:\?:)?((?:[A-Za-z0-9 _:=,;'"<>!@%&#~`/-]|\\[|().*+?^$/-])+(?:\|(?:[A-Za-z0-9 _:=,;'"<>!@%&#~`/-]|\\[|().*+?^$/-])+)*)\)/;

/** A lead being read: its characters, and whether the pattern's next token still continues it. */
type Lead = { text: string; open: boolean };

/** The characters other than blanks an alternative of a group begins with (two at most), unescaped. */
function alternativeLead(alternative: string): Lead {
  const text = alternative.replace(/\\(.)/g, '$1').replace(/\s+/g, '').slice(0, 2);
  return { text, open: text.length < 2 };
}

/** The next token of a pattern at `i` as the leads it can continue with, or undefined when it says none. */
function leadToken(source: string, i: number): { leads: Lead[]; width: number } | undefined {
  const char = source[i]!;
  if (char === '\\') {
    const escaped = source[i + 1];
    return escaped !== undefined && ESCAPED_PLAIN.test(escaped)
      ? { leads: [{ text: escaped, open: true }], width: 2 }
      : undefined;
  }
  if (char !== ' ' && PLAIN.test(char)) return { leads: [{ text: char, open: true }], width: 1 };
  const rest = source.slice(i);
  const chars = PLAIN_CLASS.exec(rest);
  if (chars) return { leads: [...chars[1]!].map((text) => ({ text, open: true })), width: chars[0].length };
  const group = PLAIN_GROUP.exec(rest);
  if (!group) return undefined;
  const leads = group[1]!.split(/(?<!\\)\|/).map(alternativeLead);
  // An alternative of blanks alone says nothing of the line's first characters.
  return leads.every((lead) => lead.text !== '') ? { leads, width: group[0].length } : undefined;
}

/**
 * What every line the pattern matches starts with after its indentation: one or more leads of the first
 * two characters other than blanks ('^\s*\|\s*Total' gives '|T', '^\s*(?:Updated|Final)' gives 'Up' and
 * 'Fi', '^\s*\|?\s*i_' gives '|i' and 'i_'), or of one where the pattern says no more. Undefined when
 * the pattern says nothing of the line's start (no anchor, a class or '.' first, a case-insensitive or
 * top-level alternative pattern, too many leads).
 */
export function leadsOf(pattern: RegExp): string[] | undefined {
  const source = pattern.source;
  if (!source.startsWith('^') || /[im]/.test(pattern.flags) || hasTopLevelAlternative(source))
    return undefined;
  let leads: Lead[] = [{ text: '', open: true }];
  for (let i = 1; i < source.length && leads.some((lead) => lead.open);) {
    const blank = BLANK_TOKEN.exec(source.slice(i));
    if (blank) {
      i += blank[0].length;
      continue;
    }
    const token = leadToken(source, i);
    if (!token) break;
    const quantifier = source[i + token.width];
    if (quantifier === '{') break;
    const optional = quantifier === '?' || quantifier === '*';
    // A repeated token ('+', '*') may be followed by itself: a lead that takes it ends there.
    const repeated = quantifier === '+' || quantifier === '*';
    const taken = leads.flatMap((lead) =>
      lead.open
        ? token.leads.map((next) => {
            const text = (lead.text + next.text).slice(0, 2);
            return { text, open: next.open && text.length < 2 && !repeated };
          })
        : [],
    );
    // An optional token leaves open the leads that skip it, for what follows.
    leads = [...leads.filter((lead) => optional || !lead.open), ...taken];
    // Beyond a few leads, looking each up costs more than it saves.
    if (leads.length > 8) return undefined;
    i += token.width + (optional || repeated ? 1 : 0);
    // A lazy quantifier ('??', '*?', '+?') matches the same lines.
    if ((optional || repeated) && source[i] === '?') i += 1;
  }
  return leads.every((lead) => lead.text !== '') ? [...new Set(leads.map((lead) => lead.text))] : undefined;
}
