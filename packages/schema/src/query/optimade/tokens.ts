import { QueryError } from '../query.ts';

/** Where a filter error is reported in the request body (NOMAD puts the filter inside `query`). */
export const FILTER_LOC = ['query', 'optimade_filter'];

export type TokenType = 'keyword' | 'identifier' | 'string' | 'number' | 'operator' | 'symbol' | 'end';

export interface Token {
  type: TokenType;
  /** Keywords, identifiers, operators and symbols as written; strings unescaped; numbers as written. */
  text: string;
  line: number;
  column: number;
}

/** OPTIMADE keywords are upper case only; lower-case words are property names. */
const KEYWORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'HAS',
  'ALL',
  'ANY',
  'ONLY',
  'LENGTH',
  'CONTAINS',
  'STARTS',
  'ENDS',
  'WITH',
  'IS',
  'KNOWN',
  'UNKNOWN',
]);

export const isKeyword = (word: string): boolean => KEYWORDS.has(word);

/** The message form the GUI turns into input hints: position first, then what went wrong. */
export const syntaxError = (line: number, column: number, what: string): QueryError =>
  new QueryError(`Syntax error at line ${line}, column ${column}: ${what}`, FILTER_LOC);

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const IDENTIFIER = /^[a-z_][a-z_0-9]*/;
const WORD = /^[A-Za-z_][A-Za-z_0-9]*/;

/** Splits a filter into tokens with 1-based line and column numbers; the last token has type 'end'. */
export const tokenize = (filter: string): Token[] => {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < filter.length) {
    const ch = filter[i]!;
    const column = i - lineStart + 1;
    if (ch === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = filter.slice(i);
    if (ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const c = filter[j];
        if (c === undefined || c === '\n')
          throw syntaxError(line, column, 'Unterminated string, a closing " is missing');
        if (c === '"') break;
        if (c === '\\') {
          const next = filter[j + 1];
          if (next === undefined)
            throw syntaxError(line, column, 'Unterminated string, a closing " is missing');
          // The spec defines only \" and \\; any other escape keeps the backslash, as it says.
          value += next === '"' || next === '\\' ? next : `\\${next}`;
          j += 2;
          continue;
        }
        value += c;
        j++;
      }
      tokens.push({ type: 'string', text: value, line, column });
      i = j + 1;
      continue;
    }
    const number = NUMBER.exec(rest);
    // A sign belongs to a number only when a digit or point follows it directly.
    if (number && (/[\d.]/.test(ch) || /^[+-][\d.]/.test(rest))) {
      if (/^[A-Za-z_]/.test(rest.slice(number[0].length)))
        throw syntaxError(line, column, `Invalid number ${JSON.stringify(rest.split(/\s/)[0])}`);
      tokens.push({ type: 'number', text: number[0], line, column });
      i += number[0].length;
      continue;
    }
    const operator = /^(?:<=|>=|!=|=|<|>)/.exec(rest);
    if (operator) {
      tokens.push({ type: 'operator', text: operator[0], line, column });
      i += operator[0].length;
      continue;
    }
    if ('(),.:'.includes(ch)) {
      tokens.push({ type: 'symbol', text: ch, line, column });
      i++;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      const text = word[0];
      if (KEYWORDS.has(text)) tokens.push({ type: 'keyword', text, line, column });
      else if (IDENTIFIER.exec(text)?.[0] === text) tokens.push({ type: 'identifier', text, line, column });
      else if (KEYWORDS.has(text.toUpperCase()))
        throw syntaxError(
          line,
          column,
          `Keywords are upper case: write ${text.toUpperCase()} instead of ${text}`,
        );
      else throw syntaxError(line, column, `Invalid property name ${text}: property names are lower case`);
      i += text.length;
      continue;
    }
    throw syntaxError(line, column, `Unexpected character ${JSON.stringify(ch)}`);
  }
  tokens.push({ type: 'end', text: '', line, column: filter.length - lineStart + 1 });
  return tokens;
};
