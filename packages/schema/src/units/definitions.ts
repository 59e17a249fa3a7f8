import type { UnitArtifact } from '../artifacts/artifacts.ts';
import { parseUnit, type BaseDimension, type Dimensions } from './conversion.ts';
import { unitList } from './units.ts';

/**
 * The unit of each base dimension. NOMAD's GUI (math.js) creates a unit without `definition` as a new
 * base dimension named by its `dimension`, so only these go without one, and each dimension once.
 */
const BASE_UNITS: Readonly<Record<BaseDimension, string>> = {
  length: 'meter',
  mass: 'kilogram',
  time: 'second',
  current: 'ampere',
  temperature: 'kelvin',
  substance: 'mole',
  luminosity: 'candela',
  angle: 'radian',
  information: 'bit',
};
const baseNames: ReadonlySet<string> = new Set([...Object.values(BASE_UNITS), 'dimensionless']);

/** 'kilogram * meter ^ 2 / second ^ 2' for the dimensions of energy: base units only, as NOMAD writes them. */
const inBaseUnits = (dimensions: Dimensions): string => {
  const power = (base: BaseDimension, n: number) =>
    n === 1 ? BASE_UNITS[base] : `${BASE_UNITS[base]} ^ ${n}`;
  const entries = (Object.entries(dimensions) as [BaseDimension, number][]).filter(([, n]) => n !== 0);
  const up = entries.filter(([, n]) => n > 0).map(([base, n]) => power(base, n));
  const down = entries.filter(([, n]) => n < 0).map(([base, n]) => ` / ${power(base, -n)}`);
  return `${up.join(' * ')}${down.join('')}`;
};

/**
 * The unit list as NOMAD's artifacts serve it: base units first (a definition may only name units
 * created before it), every other unit with its `definition` in base units and the `offset` that math.js
 * adds before scaling (273.15 for degrees Celsius).
 */
export const unitArtifacts = (): UnitArtifact[] => {
  const derived = unitList
    .filter((unit) => !baseNames.has(unit.name))
    .map((unit) => {
      const { factor, offset, dimensions } = parseUnit(unit.name);
      const expression = inBaseUnits(dimensions);
      return {
        ...unit,
        definition:
          expression === '' || expression.startsWith(' / ')
            ? `${factor}${expression}`
            : `${factor} ${expression}`,
        offset: offset / factor,
      };
    });
  return [...unitList.filter((unit) => baseNames.has(unit.name)), ...derived];
};
