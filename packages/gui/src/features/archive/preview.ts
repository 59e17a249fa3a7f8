import type { QuantityDefinition } from '@oasis/schema';
import type { UnitsByDimension } from '../units/index.ts';
import { arrayPreview, formatScalar, moreItemsText, shapeOf } from './format.ts';
import { displayUnitOf } from './values.ts';

/**
 * The one-line value shown next to a quantity in its section's lane, in the display unit: a scalar,
 * the first 5 items of a list then 'and N more items', or the shape of a multi-dimensional array.
 */
export function quantityPreview(
  value: unknown,
  definition: QuantityDefinition | undefined,
  units: UnitsByDimension,
): string {
  const unit = displayUnitOf(definition?.unit, units);
  const integer = definition?.type === 'int';
  const suffix = unit.label ? ` ${unit.label}` : '';
  const scalar = (item: unknown) =>
    formatScalar(typeof item === 'number' ? unit.convert(item) : item, integer);
  if (!Array.isArray(value)) {
    if (value !== null && typeof value === 'object') return '{…}';
    return `${scalar(value)}${value === undefined || value === null ? '' : suffix}`;
  }
  const shape = shapeOf(value);
  if (shape.length > 1) return `[${shape.join('×')}]${suffix}`;
  const { items, more } = arrayPreview(value);
  const text = items.map(scalar).join(', ');
  return `[${text}]${suffix}${more > 0 ? ` ${moreItemsText(more)}` : ''}`;
}
