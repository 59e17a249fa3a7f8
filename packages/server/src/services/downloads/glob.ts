type Token =
  | { kind: 'star' }
  | { kind: 'any' }
  | { kind: 'char'; char: string }
  | { kind: 'set'; negate: boolean; test: (char: string) => boolean };

/** A bracket expression's body (`a-z0`) as a character test. */
const setTest = (body: string): ((char: string) => boolean) => {
  const ranges: [string, string][] = [];
  for (let i = 0; i < body.length; i++) {
    const from = body[i]!;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      ranges.push([from, body[i + 2]!]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return (char) => ranges.some(([from, to]) => char >= from && char <= to);
};

const tokenize = (glob: string): Token[] => {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'any' });
    else if (char === '[') {
      const negate = glob[i + 1] === '!';
      const start = i + (negate ? 2 : 1);
      // As in fnmatch, a ']' right after the opening bracket is a member, and an unclosed '[' a literal.
      const close = glob.indexOf(']', glob[start] === ']' ? start + 1 : start);
      if (close < 0) tokens.push({ kind: 'char', char });
      else {
        tokens.push({ kind: 'set', negate, test: setTest(glob.slice(start, close)) });
        i = close;
      }
    } else tokens.push({ kind: 'char', char });
  }
  return tokens;
};

const matchesOne = (token: Token, char: string) =>
  token.kind === 'any' ||
  (token.kind === 'char' && token.char === char) ||
  (token.kind === 'set' && token.test(char) !== token.negate);

/**
 * NOMAD's `glob_pattern` (Python fnmatch syntax: `*`, `?`, `[seq]`, `[!seq]`) matched against the end of a
 * path. Matched by the two-pointer wildcard algorithm, O(path × pattern), so no pattern can stall the
 * server the way a backtracking regular expression can.
 */
export const globSuffixMatcher = (glob: string): ((path: string) => boolean) => {
  // A suffix match is a full match of '*' followed by the pattern.
  const tokens: Token[] = [{ kind: 'star' }, ...tokenize(glob).filter((t, i) => i > 0 || t.kind !== 'star')];
  return (path) => {
    let p = 0;
    let t = 0;
    let starToken = -1;
    let starPath = 0;
    while (p < path.length) {
      const token = tokens[t];
      if (token?.kind === 'star') {
        starToken = t++;
        starPath = p;
      } else if (token && matchesOne(token, path[p]!)) {
        p++;
        t++;
      } else if (starToken >= 0) {
        t = starToken + 1;
        p = ++starPath;
      } else return false;
    }
    while (tokens[t]?.kind === 'star') t++;
    return t === tokens.length;
  };
};
