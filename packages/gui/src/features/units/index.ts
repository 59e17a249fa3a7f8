export { UnitsProvider } from './UnitsProvider.tsx';
export { UnitsMenu } from './UnitsMenu.tsx';
export { useUnits, type Units } from './useUnits.ts';
export { resolveDisplayUnit, type DisplayUnit } from './displayUnit.ts';
