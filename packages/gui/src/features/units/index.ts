// What other features use of the unit systems.
export { UnitsProvider } from './UnitsProvider.tsx';
export { UnitsMenu } from './UnitsMenu.tsx';
export { useDisplayUnit, useUnits, type Units } from './useUnits.ts';
export { resolveDisplayUnit, type DisplayUnit, type UnitsByDimension } from './displayUnit.ts';
