import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_SYSTEMS } from '../config/default-unit-systems.ts';
import { searchQuantitiesOf } from '../metainfo/lookup.ts';
import { archiveDefinition } from '../metainfo/builtin/archive.ts';
import type { SectionDefinition } from '../metainfo/model.ts';
import { parseUnit } from './conversion.ts';
import { unitArtifacts } from './definitions.ts';
import { unitPrefixes } from './units.ts';

/*
 * NOMAD's GUI hands the unit list to math.js (createUnit): a unit without definition becomes a new base
 * dimension named by its `dimension`, a definition may only name units created before it, no alias may
 * repeat a name or alias, and unit expressions are parsed from names, aliases and prefixes alone. These
 * tests hold the served list to those rules.
 */
const units = unitArtifacts();

/** Names math.js knows after createUnit: each unit's name and aliases (the abbreviation is display only). */
const namesOf = (list: typeof units) => list.flatMap((unit) => [unit.name, ...(unit.aliases ?? [])]);

/** Whether math.js would resolve a unit token: a known name, or a prefix in front of one. */
const resolvable = (token: string, names: ReadonlySet<string>) =>
  names.has(token) ||
  Object.keys(unitPrefixes).some(
    (prefix) => prefix !== '' && token.startsWith(prefix) && names.has(token.slice(prefix.length)),
  );

const tokensOf = (expression: string) =>
  expression.replace(/(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/gi, ' ').match(/[A-Za-z_ÅΩµ°][A-Za-z0-9_ÅΩµ°]*/g) ?? [];

const metainfoUnits = (): string[] => {
  const found = new Set<string>();
  const seen = new Set<SectionDefinition>();
  const visit = (section: SectionDefinition) => {
    if (seen.has(section)) return;
    seen.add(section);
    for (const quantity of section.quantities) if (quantity.unit) found.add(quantity.unit);
    for (const sub of section.sub_sections) {
      visit(sub.section);
      for (const variant of Object.values(sub.variants ?? {})) visit(variant);
    }
  };
  visit(archiveDefinition);
  return [...found];
};

describe('the unit list served to the GUI', () => {
  it('leaves only one base unit per dimension without a definition, and lists it first', () => {
    const bases = units.filter((unit) => unit.definition === undefined);
    expect(new Set(bases.map((unit) => unit.dimension)).size).toBe(bases.length);
    expect(units.slice(0, bases.length)).toEqual(bases);
  });

  it('defines every other unit in base units, to the factor and offset of its conversion', () => {
    const baseNames = new Set(units.filter((unit) => !unit.definition).map((unit) => unit.name));
    for (const unit of units.filter((item) => item.definition)) {
      expect(tokensOf(unit.definition!).filter((token) => !baseNames.has(token))).toEqual([]);
      const own = parseUnit(unit.name);
      // math.js reads a number before a unit as a factor; conversion.ts wants the '*'.
      const defined = parseUnit(unit.definition!.replace(/^(\S+) (?!\/)/, '$1 * '));
      expect(defined.dimensions).toEqual(own.dimensions);
      expect(defined.factor).toBeCloseTo(own.factor, 12 - Math.round(Math.log10(own.factor)));
      // math.js adds the offset before scaling: (25 °C + 273.15) * 1 K.
      expect(unit.offset! * own.factor).toBeCloseTo(own.offset, 12);
    }
    expect(units.find((unit) => unit.name === 'celsius')).toMatchObject({
      definition: '1 kelvin',
      offset: 273.15,
    });
    expect(units.find((unit) => unit.name === 'hertz')?.definition).toBe('1 / second');
  });

  it('repeats no name or alias', () => {
    const names = namesOf(units);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has every unit the metainfo and the default unit systems use', () => {
    const names = new Set(namesOf(units));
    const expressions = [
      ...metainfoUnits(),
      ...searchQuantitiesOf().flatMap(({ quantity }) => quantity.unit ?? []),
      ...Object.values(DEFAULT_UNIT_SYSTEMS.options).flatMap((system) =>
        Object.values(system.units).map((unit) => unit.definition),
      ),
    ];
    expect(expressions).toContain('milliliter / gram / second');
    const unknown = expressions.flatMap((expression) =>
      tokensOf(expression).filter((token) => !resolvable(token, names)),
    );
    expect(unknown).toEqual([]);
  });

  it('gives each unit system a unit of the dimension it is listed under', () => {
    const byName = new Map(units.flatMap((unit) => namesOf([unit]).map((name) => [name, unit])));
    for (const system of Object.values(DEFAULT_UNIT_SYSTEMS.options))
      for (const [dimension, { definition }] of Object.entries(system.units))
        expect([dimension, byName.get(definition)?.dimension]).toEqual([dimension, dimension]);
    // Every dimension of the unit list has its unit in each system, as the GUI converts into the selected one;
    // volumes convert through lengths as in NOMAD's systems, forces through energy and length.
    const dimensions = new Set(units.map((unit) => unit.dimension));
    for (const system of Object.values(DEFAULT_UNIT_SYSTEMS.options))
      expect([...dimensions].filter((dimension) => !(dimension in system.units))).toEqual([
        'volume',
        'force',
      ]);
  });
});
