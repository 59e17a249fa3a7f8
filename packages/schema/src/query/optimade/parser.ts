import { QueryError } from '../query.ts';
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH } from '../limits.ts';
import { FILTER_LOC, isKeyword, syntaxError, tokenize, type Token, type TokenType } from './tokens.ts';

/** An OPTIMADE filter as parsed, before any property is resolved to a search quantity. */
export type Literal = { type: 'string'; value: string } | { type: 'number'; value: number };
export type Operand = Literal | { type: 'property'; name: string };
export type Comparator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** 1-based position of the construct in the filter text, for semantic errors. */
export interface Position {
  line: number;
  column: number;
}

export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'compare'; left: Operand; op: Comparator; right: Operand; at: Position }
  | { kind: 'has'; property: string; mode: 'all' | 'any' | 'only'; values: Operand[]; at: Position }
  | { kind: 'has-op'; property: string; op: Comparator; value: Operand; at: Position }
  | { kind: 'length'; property: string; op: Comparator; value: Operand; at: Position }
  | { kind: 'text'; property: string; op: 'contains' | 'starts' | 'ends'; value: Operand; at: Position }
  | { kind: 'known'; property: string; known: boolean; at: Position };

const describe = (token: Token): string => {
  if (token.type === 'end') return 'Unexpected end-of-input';
  if (token.type === 'string') return `Unexpected ${JSON.stringify(token.text)}`;
  // A lower-case keyword reads as a property name; say so, it is the usual slip.
  const hint = token.type === 'identifier' && isKeyword(token.text.toUpperCase());
  return `Unexpected ${token.text}${hint ? ` (keywords are upper case: ${token.text.toUpperCase()})` : ''}`;
};

/** A recursive-descent parser over the token list; one instance per filter string. */
class Parser {
  private index = 0;
  /** NOT and parenthesis levels open now: each one is a recursion, so their number is bounded. */
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private get token(): Token {
    return this.tokens[this.index]!;
  }

  private fail(expected: string): never {
    throw syntaxError(this.token.line, this.token.column, `${describe(this.token)}, expected ${expected}`);
  }

  /** A method, not a property read, so TypeScript does not narrow it across take(). */
  private type(): TokenType {
    return this.token.type;
  }

  private isKeyword(word: string): boolean {
    return this.type() === 'keyword' && this.token.text === word;
  }

  private isSymbol(symbol: string): boolean {
    return this.type() === 'symbol' && this.token.text === symbol;
  }

  private take(): Token {
    const token = this.token;
    this.index++;
    return token;
  }

  parseFilter(): FilterNode {
    if (this.type() === 'end') this.fail('a filter');
    const node = this.expression();
    if (this.type() !== 'end') this.fail('AND, OR or the end of the filter');
    return node;
  }

  // Precedence: OR binds loosest, then AND, then NOT (OPTIMADE v1 grammar: Expression/Clause/Phrase).
  private expression(): FilterNode {
    const items = [this.clause()];
    while (this.isKeyword('OR')) {
      this.take();
      items.push(this.clause());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  }

  private clause(): FilterNode {
    const items = [this.phrase()];
    while (this.isKeyword('AND')) {
      this.take();
      items.push(this.phrase());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  }

  private phrase(): FilterNode {
    if (this.isKeyword('NOT')) {
      this.take();
      this.enter();
      const item = this.phrase();
      this.depth--;
      return { kind: 'not', item };
    }
    if (this.isSymbol('(')) {
      this.take();
      this.enter();
      const node = this.expression();
      if (!this.isSymbol(')')) this.fail('")", AND or OR');
      this.take();
      this.depth--;
      return node;
    }
    return this.comparison();
  }

  private enter(): void {
    if (++this.depth > MAX_FILTER_DEPTH)
      throw new QueryError(
        `The OPTIMADE filter is nested more than ${MAX_FILTER_DEPTH} levels deep (NOT and parentheses); ` +
          `at most ${MAX_FILTER_DEPTH} are allowed.`,
        FILTER_LOC,
      );
  }

  private comparison(): FilterNode {
    const at = { line: this.token.line, column: this.token.column };
    if (this.isKeyword('LENGTH')) {
      this.take();
      const property = this.property();
      return { kind: 'length', property, ...this.optionalComparator(), at };
    }
    if (this.type() === 'string' || this.type() === 'number') {
      const left = this.literal();
      const op = this.comparator();
      return { kind: 'compare', left, op, right: this.value(), at };
    }
    if (this.type() !== 'identifier') this.fail('a property, a value, NOT, LENGTH or "("');
    const property = this.property();
    if (this.isSymbol(':')) this.fail('an operator (property lists joined by ":" are not supported)');
    if (this.type() === 'operator') {
      const op = this.comparator();
      return { kind: 'compare', left: { type: 'property', name: property }, op, right: this.value(), at };
    }
    if (this.type() !== 'keyword') this.fail('an operator, HAS, CONTAINS, STARTS, ENDS, IS or LENGTH');
    switch (this.take().text) {
      case 'IS': {
        if (this.isKeyword('KNOWN') || this.isKeyword('UNKNOWN'))
          return { kind: 'known', property, known: this.take().text === 'KNOWN', at };
        return this.fail('KNOWN or UNKNOWN');
      }
      case 'CONTAINS':
        return { kind: 'text', property, op: 'contains', value: this.value(), at };
      case 'STARTS':
      case 'ENDS': {
        const op = this.tokens[this.index - 1]!.text === 'STARTS' ? 'starts' : 'ends';
        if (this.isKeyword('WITH')) this.take();
        return { kind: 'text', property, op, value: this.value(), at };
      }
      case 'LENGTH':
        return { kind: 'length', property, ...this.optionalComparator(), at };
      case 'HAS': {
        for (const mode of ['ALL', 'ANY', 'ONLY'] as const) {
          if (this.isKeyword(mode)) {
            this.take();
            const lower = mode.toLowerCase() as 'all' | 'any' | 'only';
            return { kind: 'has', property, mode: lower, values: this.valueList(), at };
          }
        }
        if (this.type() === 'operator') {
          const op = this.comparator();
          return { kind: 'has-op', property, op, value: this.value(), at };
        }
        return { kind: 'has', property, mode: 'all', values: [this.value()], at };
      }
      default:
        this.index--;
        return this.fail('an operator, HAS, CONTAINS, STARTS, ENDS, IS or LENGTH');
    }
  }

  private property(): string {
    if (this.type() !== 'identifier') this.fail('a property');
    const parts = [this.take().text];
    while (this.isSymbol('.')) {
      this.take();
      if (this.type() !== 'identifier') this.fail('a property name after "."');
      parts.push(this.take().text);
    }
    return parts.join('.');
  }

  private comparator(): Comparator {
    if (this.type() !== 'operator') this.fail('one of = != < <= > >=');
    return this.take().text as Comparator;
  }

  /** `LENGTH prop 3` means `LENGTH prop = 3`. */
  private optionalComparator(): { op: Comparator; value: Operand } {
    const op = this.type() === 'operator' ? this.comparator() : '=';
    return { op, value: this.value() };
  }

  private literal(): Literal {
    const token = this.take();
    return token.type === 'number'
      ? { type: 'number', value: Number(token.text) }
      : { type: 'string', value: token.text };
  }

  private value(): Operand {
    if (this.type() === 'string' || this.type() === 'number') return this.literal();
    if (this.type() === 'identifier') return { type: 'property', name: this.property() };
    return this.fail('a value (a "string", a number or a property)');
  }

  private valueList(): Operand[] {
    const values = [this.value()];
    while (this.isSymbol(',')) {
      this.take();
      values.push(this.value());
    }
    return values;
  }
}

/** Parses an OPTIMADE v1 filter; a QueryError names the line and column of the first syntax error. */
export const parseOptimadeFilter = (filter: string): FilterNode => {
  if (filter.length > MAX_FILTER_LENGTH)
    throw new QueryError(
      `The OPTIMADE filter has ${filter.length} characters; at most ${MAX_FILTER_LENGTH} are allowed.`,
      FILTER_LOC,
    );
  return new Parser(tokenize(filter)).parseFilter();
};
