/**
 * The query syntaxes of the search bar (spec 2 §5) as text patterns. Matching is purely textual; whether
 * the named quantity exists and the values fit is decided in query.ts.
 */
export type SyntaxType = 'existence' | 'equality' | 'range_bounded' | 'range_half_bounded' | 'free_text';

/** Suggestion types of spec 2 §3: the syntaxes plus names of quantities. */
export type SuggestionType = SyntaxType | 'name';

export type RangeOperator = '<' | '<=' | '>' | '>=';

/** Which syntax wins when several patterns match: the more specific first, free text last. */
export const SYNTAX_ORDER: readonly SyntaxType[] = [
  'existence',
  'range_bounded',
  'range_half_bounded',
  'equality',
  'free_text',
];

export type MatchedSyntax =
  | { type: 'existence'; path: string; normalized: string }
  | { type: 'equality'; target: string; value: string; normalized: string }
  | { type: 'range_half_bounded'; left: string; op: RangeOperator; right: string; normalized: string }
  | {
      type: 'range_bounded';
      lower: string;
      lowerOp: RangeOperator;
      target: string;
      upperOp: RangeOperator;
      upper: string;
      normalized: string;
    }
  | { type: 'free_text'; text: string; normalized: string };

// A term: no operator characters, no spaces at its ends (spaces inside are allowed: 'John Doe').
const term = '([^\\s=<>](?:[^=<>]*[^\\s=<>])?)';
const op = '([<>]=?)';
const existenceRe = new RegExp(`^${term}\\s*=\\s*\\*$`);
const equalityRe = new RegExp(`^${term}\\s*=\\s*${term}$`);
const halfBoundedRe = new RegExp(`^${term}\\s*${op}\\s*${term}$`);
const boundedRe = new RegExp(`^${term}\\s*${op}\\s*${term}\\s*${op}\\s*${term}$`);

/** The input read as `type`, or undefined if it does not have that form. */
export function matchSyntax(input: string, type: SyntaxType): MatchedSyntax | undefined {
  const text = input.trim();
  if (text === '') return undefined;
  switch (type) {
    case 'existence': {
      const m = existenceRe.exec(text);
      return m ? { type, path: m[1]!, normalized: `${m[1]} = *` } : undefined;
    }
    case 'equality': {
      const m = equalityRe.exec(text);
      // 'a = *' is the existence syntax, not a search for the value '*'.
      if (!m || m[2] === '*') return undefined;
      return { type, target: m[1]!, value: m[2]!, normalized: `${m[1]} = ${m[2]}` };
    }
    case 'range_half_bounded': {
      const m = halfBoundedRe.exec(text);
      if (!m) return undefined;
      const [, left, o, right] = m as unknown as [string, string, RangeOperator, string];
      return { type, left, op: o, right, normalized: `${left} ${o} ${right}` };
    }
    case 'range_bounded': {
      const m = boundedRe.exec(text);
      if (!m) return undefined;
      const [, lower, lowerOp, target, upperOp, upper] = m as unknown as [
        string,
        string,
        RangeOperator,
        string,
        RangeOperator,
        string,
      ];
      return {
        type,
        lower,
        lowerOp,
        target,
        upperOp,
        upper,
        normalized: `${lower} ${lowerOp} ${target} ${upperOp} ${upper}`,
      };
    }
    case 'free_text':
      return { type, text, normalized: text };
  }
}

/** Every allowed syntax the input has the form of, most specific first. */
export function matchingSyntaxes(input: string, allowed: ReadonlySet<SyntaxType>): MatchedSyntax[] {
  return SYNTAX_ORDER.filter((type) => allowed.has(type)).flatMap((type) => {
    const match = matchSyntax(input, type);
    return match ? [match] : [];
  });
}

const ALL_SYNTAXES: readonly SyntaxType[] = SYNTAX_ORDER;

/** The syntaxes an app allows: all of them minus its `search_syntaxes.exclude` (NOMAD's app config). */
export function allowedSyntaxes(app: object): ReadonlySet<SyntaxType> {
  const config = (app as { search_syntaxes?: { exclude?: unknown } }).search_syntaxes;
  const exclude = Array.isArray(config?.exclude) ? (config.exclude as unknown[]) : [];
  return new Set(ALL_SYNTAXES.filter((type) => !exclude.includes(type)));
}
