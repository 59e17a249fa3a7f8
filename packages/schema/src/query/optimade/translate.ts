import type { QueryNode, QueryValue, RangeOp } from '../query.ts';
import { QueryError } from '../query.ts';
import {
  parseOptimadeFilter,
  type Comparator,
  type FilterNode,
  type Operand,
  type Position,
} from './parser.ts';
import {
  NOMAD_PREFIX,
  resolveProperty,
  type OptimadeQuantity,
  type ResolvedProperty,
  type ScalarType,
} from './properties.ts';
import { FILTER_LOC } from './tokens.ts';

export interface OptimadeOptions {
  /** The searchable quantities, so `_nmd_<quantity with _ for .>` properties resolve (NOMAD's prefix). */
  quantities?: readonly OptimadeQuantity[];
}

const TRUE: QueryNode = { kind: 'and', items: [] };
const FALSE: QueryNode = { kind: 'or', items: [] };

const semanticError = (at: Position, what: string): QueryError =>
  new QueryError(`Semantic error at line ${at.line}, column ${at.column}: ${what}`, FILTER_LOC);

/** A construct the filter language allows (optional features, type mixes) that is not offered here. */
const unsupported = (at: Position, what: string): QueryError =>
  new QueryError(
    `Semantic error at line ${at.line}, column ${at.column}: ${what}`,
    FILTER_LOC,
    'unsupported',
  );

/** A database-specific prefix (`_exmpl_`) other than NOMAD's: such properties are unknown here, not errors. */
const FOREIGN_PREFIX = /^_[a-z0-9]+_/;
const isForeign = (name: string) => FOREIGN_PREFIX.test(name) && !name.startsWith(NOMAD_PREFIX);

/** The properties a filter node names directly. */
const propertiesOf = (node: FilterNode): string[] => {
  switch (node.kind) {
    case 'compare':
      return [node.left, node.right].flatMap((operand) =>
        operand.type === 'property' ? [operand.name] : [],
      );
    case 'has':
    case 'has-op':
    case 'length':
    case 'text':
    case 'known':
      return [node.property];
    default:
      return [];
  }
};

const RANGE: Record<Exclude<Comparator, '=' | '!='>, RangeOp> = {
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
};
/** `3 < nelements` is `nelements > 3`. */
const FLIPPED: Record<Comparator, Comparator> = {
  '=': '=',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

const compareConstants = (a: QueryValue, op: Comparator, b: QueryValue): boolean => {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
};

const comparison = (quantity: string, op: Comparator, value: QueryValue): QueryNode => {
  if (op === '=') return { kind: 'match', quantity, op: 'eq', values: [value] };
  // OPTIMADE: a comparison with an unknown value is false, so != needs the value to be there.
  if (op === '!=')
    return {
      kind: 'and',
      items: [
        { kind: 'exists', quantity, known: true },
        { kind: 'not', item: { kind: 'match', quantity, op: 'eq', values: [value] } },
      ],
    };
  return { kind: 'range', quantity, bounds: { [RANGE[op]]: value } };
};

/** Turns filter nodes into query nodes, resolving each OPTIMADE property to a search quantity. */
class Translator {
  constructor(private readonly quantities: readonly OptimadeQuantity[]) {}

  private property(name: string, at: Position): Exclude<ResolvedProperty, { kind: 'unsearchable' }> {
    const resolved = resolveProperty(name, this.quantities);
    if (!resolved) throw semanticError(at, `unknown optimade property ${name}`);
    if (resolved.kind === 'unsearchable')
      throw unsupported(at, `optimade property ${name} is not searchable`);
    return resolved;
  }

  /** A literal of the type the property holds (timestamps are written as strings). */
  private literal(value: Operand, type: ScalarType, name: string, at: Position): QueryValue {
    if (value.type === 'property')
      throw unsupported(at, `comparing ${name} with property ${value.name} is not supported`);
    const wanted = type === 'number' ? 'number' : 'string';
    if (value.type !== wanted)
      throw unsupported(at, `${name} needs a ${wanted} value, got ${JSON.stringify(value.value)}`);
    return value.value;
  }

  translate(node: FilterNode): QueryNode {
    // Another database's property is unknown (null) here: it matches only IS UNKNOWN (OPTIMADE §
    // 'Properties with an unknown value'), a comparison of it never.
    if (propertiesOf(node).some(isForeign)) return node.kind === 'known' && !node.known ? TRUE : FALSE;
    switch (node.kind) {
      case 'and':
      case 'or':
        return { kind: node.kind, items: node.items.map((item) => this.translate(item)) };
      case 'not':
        return { kind: 'not', item: this.translate(node.item) };
      case 'compare':
        return this.compare(node);
      case 'has':
        return this.has(node.property, node.mode, node.values, node.at);
      case 'has-op':
        this.property(node.property, node.at);
        throw unsupported(node.at, `HAS with an operator (HAS ${node.op}) is not supported`);
      case 'length':
        return this.length(node.property, node.op, node.value, node.at);
      case 'text': {
        const property = this.property(node.property, node.at);
        if (property.kind !== 'scalar' || property.type !== 'string')
          throw semanticError(
            node.at,
            `${node.op.toUpperCase()} needs a string property, ${node.property} is not one`,
          );
        const value = this.literal(node.value, 'string', node.property, node.at) as string;
        return { kind: 'text', quantity: property.quantity, op: node.op, value };
      }
      case 'known': {
        const property = this.property(node.property, node.at);
        if (property.kind === 'structure_features') return node.known ? TRUE : FALSE;
        return { kind: 'exists', quantity: property.quantity, known: node.known };
      }
    }
  }

  private compare(node: Extract<FilterNode, { kind: 'compare' }>): QueryNode {
    const { left, right, at } = node;
    if (left.type !== 'property' && right.type !== 'property') {
      if (left.type !== right.type) throw unsupported(at, 'cannot compare a string with a number');
      if (left.type === 'string') throw unsupported(at, 'comparing two string constants is not supported');
      return compareConstants(left.value, node.op, right.value) ? TRUE : FALSE;
    }
    if (left.type === 'property' && right.type === 'property')
      throw unsupported(at, `comparing property ${left.name} with property ${right.name} is not supported`);
    const [name, op, value] =
      left.type === 'property'
        ? [left.name, node.op, right]
        : [(right as { name: string }).name, FLIPPED[node.op], left];
    const property = this.property(name, at);
    if (property.kind !== 'scalar')
      throw semanticError(at, `${name} is a list: use HAS, HAS ALL, HAS ANY, HAS ONLY or LENGTH`);
    return comparison(property.quantity, op, this.literal(value, property.type, name, at));
  }

  private has(name: string, mode: 'all' | 'any' | 'only', operands: Operand[], at: Position): QueryNode {
    const property = this.property(name, at);
    switch (property.kind) {
      case 'scalar':
        throw semanticError(at, `${name} is not a list, HAS needs a list property`);
      case 'structure_features':
        // Every value is absent from the empty list; the empty list holds only allowed values.
        return mode === 'only' ? TRUE : FALSE;
      case 'dimension_types': {
        const flags = operands.map((value) => this.literal(value, 'number', name, at) as number);
        return dimensionTypes(property.quantity, mode, flags);
      }
      case 'list': {
        const values = operands.map((value) => this.literal(value, property.type, name, at));
        if (mode !== 'only') return { kind: 'match', quantity: property.quantity, op: mode, values };
        if (!property.universe)
          throw unsupported(at, `HAS ONLY is not supported for ${name}, its possible values are not known`);
        // Only the listed values: none of all the other possible ones, and the list must be there at all.
        const others = property.universe.filter((value) => !values.includes(value));
        return {
          kind: 'and',
          items: [
            { kind: 'exists', quantity: property.quantity, known: true },
            { kind: 'match', quantity: property.quantity, op: 'none', values: others },
          ],
        };
      }
    }
  }

  private length(name: string, op: Comparator, operand: Operand, at: Position): QueryNode {
    const property = this.property(name, at);
    const n = this.literal(operand, 'number', `LENGTH ${name}`, at) as number;
    switch (property.kind) {
      case 'scalar':
        throw semanticError(at, `${name} is not a list, LENGTH needs a list property`);
      case 'structure_features':
        return compareConstants(0, op, n) ? TRUE : FALSE;
      case 'dimension_types':
        // Always three lattice vectors, but only for entries that have a structure.
        return compareConstants(3, op, n)
          ? { kind: 'exists', quantity: property.quantity, known: true }
          : FALSE;
      case 'list':
        if (!property.length) throw unsupported(at, `LENGTH is not supported for ${name}`);
        return comparison(property.length, op, n);
    }
  }
}

/**
 * `dimension_types` holds a 0 or 1 per lattice vector; with only their sum n stored, HAS 1 means n >= 1,
 * HAS 0 means n <= 2, and HAS ONLY pins n to 0 or 3 unless both flags are allowed.
 */
const dimensionTypes = (quantity: string, mode: 'all' | 'any' | 'only', flags: number[]): QueryNode => {
  const one = (flag: number): QueryNode =>
    flag === 1
      ? { kind: 'range', quantity, bounds: { gte: 1 } }
      : flag === 0
        ? { kind: 'range', quantity, bounds: { lte: 2 } }
        : FALSE;
  if (mode !== 'only' && flags.length === 1) return one(flags[0]!);
  if (mode === 'all') return { kind: 'and', items: flags.map(one) };
  if (mode === 'any') return { kind: 'or', items: flags.map(one) };
  const zero = flags.includes(0);
  const periodic = flags.includes(1);
  if (zero && periodic) return { kind: 'exists', quantity, known: true };
  if (zero) return { kind: 'match', quantity, op: 'eq', values: [0] };
  if (periodic) return { kind: 'match', quantity, op: 'eq', values: [3] };
  return FALSE;
};

/** Translates an OPTIMADE filter to a query AST; syntax and semantic errors are QueryErrors with line/column. */
export const optimadeToQuery = (filter: string, options: OptimadeOptions = {}): QueryNode =>
  new Translator(options.quantities ?? []).translate(parseOptimadeFilter(filter));
