import type { Dimension, QuantityDefinition } from './model.ts';

/** Checks JSON values against quantity definitions; errors name the path and what is wrong. */

const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : `${typeof value} ${JSON.stringify(value)}`;

/** What a scalar of the quantity's type has to be ('an integer'), or undefined when `value` is one. */
export const scalarProblem = (quantity: QuantityDefinition, value: unknown): string | undefined => {
  switch (quantity.type) {
    case 'str':
    case 'reference':
      return typeof value === 'string' ? undefined : 'a string';
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : 'an integer';
    case 'float':
    case 'complex':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'a finite number';
    case 'any':
      return undefined;
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'a boolean';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'an ISO 8601 datetime';
    case 'enum':
      return typeof value === 'string' && quantity.values.includes(value)
        ? undefined
        : `one of ${quantity.values.join(', ')}`;
  }
};

const checkDimensions = (
  quantity: QuantityDefinition,
  value: unknown,
  dimensions: readonly Dimension[],
  path: string,
): void => {
  const [dimension, ...rest] = dimensions;
  if (dimension === undefined) {
    const expected = scalarProblem(quantity, value);
    if (expected) throw new Error(`${path}: expected ${expected}, got ${describe(value)}`);
    return;
  }
  if (!Array.isArray(value)) throw new Error(`${path}: expected a list, got ${describe(value)}`);
  if (typeof dimension === 'number' && value.length !== dimension) {
    throw new Error(`${path}: expected ${dimension} items, got ${value.length}`);
  }
  if (dimension === '1..*' && value.length === 0) throw new Error(`${path}: expected at least one item`);
  value.forEach((item, i) => checkDimensions(quantity, item, rest, `${path}[${i}]`));
};

/** Throws unless `value` has the type and shape of `quantity`; `path` names the value in the error. */
export const checkValue = (quantity: QuantityDefinition, value: unknown, path: string): void =>
  checkDimensions(quantity, value, quantity.shape, path);
