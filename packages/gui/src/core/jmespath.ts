/**
 * The part of JMESPath that column quantities and row-action paths use: fields ('a.b'), quoted fields,
 * indexes ('[0]', '[-1]'), the current element ('@'), projections ('[*]'), flattening ('[]') and filters ("[?kind=='hub']") with
 * ==, !=, <, <=, >, >= against 'raw strings', `JSON literals` or another field. Unlike JMESPath, a field
 * of a list is taken from each element: search quantities name paths through repeated sections.
 */

export const INVALID_PATH = 'Invalid JMESPath query, please check your syntax.';

export class PathError extends Error {
  constructor(readonly path: string) {
    super(INVALID_PATH);
  }
}

type Comparator = '==' | '!=' | '<' | '<=' | '>' | '>=';
type Operand = { kind: 'literal'; value: unknown } | { kind: 'path'; steps: Step[] };
type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'project' }
  | { kind: 'flatten' }
  | { kind: 'filter'; left: Operand; op: Comparator; right: Operand };

export interface CompiledPath {
  source: string;
  steps: readonly Step[];
}

const identifierRe = /[A-Za-z_][A-Za-z0-9_]*/y;

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new PathError(this.text);
  }

  private skipSpaces() {
    while (this.text[this.at] === ' ') this.at++;
  }

  private eat(token: string): boolean {
    this.skipSpaces();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  done(): boolean {
    this.skipSpaces();
    return this.at >= this.text.length;
  }

  private field(): Step | undefined {
    this.skipSpaces();
    if (this.text[this.at] === '"') {
      const end = this.text.indexOf('"', this.at + 1);
      if (end < 0) this.fail();
      const name = this.text.slice(this.at + 1, end);
      this.at = end + 1;
      return { kind: 'field', name };
    }
    identifierRe.lastIndex = this.at;
    const match = identifierRe.exec(this.text);
    if (!match) return undefined;
    this.at += match[0].length;
    return { kind: 'field', name: match[0] };
  }

  private literal(): Operand | undefined {
    this.skipSpaces();
    const quote = this.text[this.at];
    if (quote !== "'" && quote !== '`') return undefined;
    const end = this.text.indexOf(quote, this.at + 1);
    if (end < 0) this.fail();
    const raw = this.text.slice(this.at + 1, end);
    this.at = end + 1;
    if (quote === "'") return { kind: 'literal', value: raw };
    try {
      return { kind: 'literal', value: JSON.parse(raw) as unknown };
    } catch {
      return this.fail();
    }
  }

  private operand(): Operand {
    return this.literal() ?? { kind: 'path', steps: this.steps(true) };
  }

  private bracket(): Step {
    if (this.eat(']')) return { kind: 'flatten' };
    if (this.eat('*')) {
      if (!this.eat(']')) this.fail();
      return { kind: 'project' };
    }
    if (this.eat('?')) {
      const left = this.operand();
      const op = (['==', '!=', '<=', '>=', '<', '>'] as const).find((candidate) => this.eat(candidate));
      if (!op) this.fail();
      const right = this.operand();
      if (!this.eat(']')) this.fail();
      return { kind: 'filter', left, op, right };
    }
    this.skipSpaces();
    const match = /-?\d+/y;
    match.lastIndex = this.at;
    const number = match.exec(this.text);
    if (!number) this.fail();
    this.at += number[0].length;
    if (!this.eat(']')) this.fail();
    return { kind: 'index', index: Number(number[0]) };
  }

  /** A chain of fields and brackets; inside a filter it ends before a comparator or ']'. */
  steps(nested = false): Step[] {
    const steps: Step[] = [];
    // '@' is the current element (in filters: '[?@ > `2`]').
    let expectField = !this.eat('@');
    for (;;) {
      if (this.eat('[')) {
        steps.push(this.bracket());
        expectField = false;
        continue;
      }
      if (expectField) {
        const field = this.field();
        if (!field) this.fail();
        steps.push(field);
        expectField = false;
        continue;
      }
      if (this.eat('.')) {
        expectField = true;
        continue;
      }
      if (nested || this.done()) return steps;
      this.fail();
    }
  }
}

/** Parses a path once; throws a PathError ('Invalid JMESPath query, ...') for anything else. */
export function compilePath(path: string): CompiledPath {
  const parser = new Parser(path);
  const steps = parser.steps();
  if (!parser.done()) parser.fail();
  return { source: path, steps };
}

const compare = (left: unknown, op: Comparator, right: unknown): boolean => {
  if (op === '==') return JSON.stringify(left) === JSON.stringify(right);
  if (op === '!=') return JSON.stringify(left) !== JSON.stringify(right);
  if (typeof left !== 'number' || typeof right !== 'number') return false;
  if (op === '<') return left < right;
  if (op === '<=') return left <= right;
  if (op === '>') return left > right;
  return left >= right;
};

const operandValue = (operand: Operand, item: unknown): unknown =>
  operand.kind === 'literal' ? operand.value : evaluate(item, operand.steps, 0);

const present = (value: unknown) => value !== undefined && value !== null;

function evaluate(value: unknown, steps: readonly Step[], from: number): unknown {
  let current = value;
  for (let i = from; i < steps.length; i++) {
    const step = steps[i]!;
    if (!present(current)) return undefined;
    switch (step.kind) {
      case 'field':
        if (Array.isArray(current)) {
          // A field of a list: the field of each element, lists of lists flattened once.
          const values = current.map((item) => evaluate(item, steps.slice(i), 0)).filter(present);
          return values.flatMap((item) => (Array.isArray(item) ? item : [item]));
        }
        if (typeof current !== 'object') return undefined;
        current = (current as Record<string, unknown>)[step.name];
        break;
      case 'index':
        if (!Array.isArray(current)) return undefined;
        current = current[step.index < 0 ? current.length + step.index : step.index];
        break;
      case 'flatten':
        if (!Array.isArray(current)) return undefined;
        current = current.flatMap((item: unknown) => (Array.isArray(item) ? item : [item]));
        break;
      case 'project':
      case 'filter': {
        if (!Array.isArray(current)) return undefined;
        const items =
          step.kind === 'filter'
            ? current.filter((item) =>
                compare(operandValue(step.left, item), step.op, operandValue(step.right, item)),
              )
            : current;
        return items.map((item) => evaluate(item, steps, i + 1)).filter(present);
      }
    }
  }
  return current;
}

/** The value at `path` in `data`; undefined when any part is missing. */
export function evaluatePath(data: unknown, path: CompiledPath): unknown {
  return evaluate(data, path.steps, 0);
}
