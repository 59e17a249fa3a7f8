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
