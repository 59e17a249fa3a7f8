/**
 * The contract's unit conversion. @oasis/schema's index does not export units/conversion.ts yet, so it is
 * imported from its module here, in one place; switch to '@oasis/schema' once the index exports it.
 */
export { UnitError, convertValue, parseNumberWithUnit } from '../../../../../schema/src/units/conversion.ts';
