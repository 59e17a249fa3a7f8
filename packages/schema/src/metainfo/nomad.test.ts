import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { archiveDefinition } from './builtin/archive.ts';
import { definitionAt, searchQuantitiesOf, sectionsOf } from './lookup.ts';
import type { QuantityDefinition, SectionDefinition } from './model.ts';

/*
 * Checks every built-in definition against NOMAD's own metainfo (artifacts.json from a NOMAD server):
 * names, type kinds, enum values, shapes, units, reference targets, repeats and search flags.
 */

const artifactsPath = fileURLToPath(
  new URL('../../../../../shared/nomad-reference/artifacts.json', import.meta.url),
);
const available = existsSync(artifactsPath);
if (!available) console.warn(`skipping NOMAD metainfo comparison: ${artifactsPath} is absent`);

interface NomadType {
  type_kind: string;
  type_data: string | string[];
}
interface NomadQuantity {
  name: string;
  type: NomadType;
  shape?: (string | number)[];
  unit?: string;
}
interface NomadSubSection {
  name: string;
  sub_section: string;
  repeats?: boolean;
}
interface NomadSection {
  name: string;
  base_sections?: string[];
  quantities?: NomadQuantity[];
  sub_sections?: NomadSubSection[];
}
interface NomadArtifacts {
  metainfo: { packages: { name: string; section_definitions: NomadSection[] }[] };
  searchQuantities: Record<
    string,
    { aggregatable?: boolean; suggestion?: boolean; repeats?: boolean; type?: NomadType }
  >;
}

describe.skipIf(!available)('built-in definitions against NOMAD metainfo', () => {
  const nomad = available ? (JSON.parse(readFileSync(artifactsPath, 'utf8')) as NomadArtifacts) : undefined;
  const packages = nomad?.metainfo.packages ?? [];

  const deref = (ref: string): NomadSection => {
    const match = /^\/packages\/(\d+)\/section_definitions\/(\d+)$/.exec(ref);
    const found = match && packages[Number(match[1])]?.section_definitions[Number(match[2])];
    if (!found) throw new Error(`unresolvable NOMAD reference ${ref}`);
    return found;
  };
  /** Own and inherited members; own definitions shadow inherited ones of the same name. */
  const membersOf = <K extends 'quantities' | 'sub_sections'>(
    section: NomadSection,
    key: K,
  ): NonNullable<NomadSection[K]> => {
    const own = (section[key] ?? []) as { name: string }[];
    const inherited = (section.base_sections ?? [])
      .flatMap((base) => membersOf(deref(base), key) as { name: string }[])
      .filter((member) => !own.some((o) => o.name === member.name));
    return [...own, ...inherited] as NonNullable<NomadSection[K]>;
  };
  const nomadRoot = packages
    .find((p) => p.name === 'nomad.datamodel.datamodel')
    ?.section_definitions.find((s) => s.name === 'EntryArchive');
  /** A variant key such as 'simulationworkflowschema.GeometryOptimization' names a section in that plugin. */
  const nomadVariant = (key: string): NomadSection | undefined => {
    const [plugin, name] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
    return packages
      .filter((p) => p.name === plugin || p.name.startsWith(`${plugin}.`))
      .flatMap((p) => p.section_definitions)
      .find((s) => s.name === name);
  };

  const kindOf = (type: NomadType): string => {
    const data = String(type.type_data);
    if (type.type_kind === 'enum') return 'enum';
    if (type.type_kind === 'reference' || type.type_kind === 'quantity_reference') return 'reference';
    if (data === 'str' || data === 'str_') return 'str';
    if (['int', 'int32', 'int64'].includes(data)) return 'int';
    if (['float', 'float64', 'float32'].includes(data)) return 'float';
    if (data === 'bool' || data === 'bool_') return 'bool';
    if (data === 'nomad.metainfo.data_type.Datetime') return 'datetime';
    if (data === 'complex128') return 'complex';
    if (data === 'nomad.metainfo.data_type.Any') return 'any';
    return `unsupported ${type.type_kind}:${data}`;
  };

  /** Our sections and the NOMAD sections they stand for, filled while walking. */
  const counterparts = new Map<SectionDefinition, Set<NomadSection>>();
  const references: { path: string; quantity: QuantityDefinition; theirs: NomadQuantity }[] = [];

  const compareQuantity = (path: string, ours: QuantityDefinition, theirs: NomadQuantity): string[] => {
    const problems: string[] = [];
    const kind = kindOf(theirs.type);
    if (kind !== ours.type) problems.push(`${path}: type ${ours.type}, NOMAD ${kind}`);
    if (ours.type === 'enum' && kind === 'enum') {
      const nomadValues = [...(theirs.type.type_data as string[])].sort();
      if (JSON.stringify([...ours.values].sort()) !== JSON.stringify(nomadValues)) {
        problems.push(`${path}: enum values differ from NOMAD's ${nomadValues.join('|')}`);
      }
    }
    if (JSON.stringify(ours.shape) !== JSON.stringify(theirs.shape ?? [])) {
      problems.push(
        `${path}: shape ${JSON.stringify(ours.shape)}, NOMAD ${JSON.stringify(theirs.shape ?? [])}`,
      );
    }
    if ((ours.unit ?? '') !== (theirs.unit ?? '')) {
      problems.push(`${path}: unit '${ours.unit ?? ''}', NOMAD '${theirs.unit ?? ''}'`);
    }
    if (ours.type === 'reference') references.push({ path, quantity: ours, theirs });
    return problems;
  };

  const compareSection = (path: string, ours: SectionDefinition, theirs: NomadSection): string[] => {
    counterparts.set(ours, new Set([...(counterparts.get(ours) ?? []), theirs]));
    if (ours.name !== theirs.name) return [`${path}: section ${ours.name}, NOMAD ${theirs.name}`];
    const quantities = membersOf(theirs, 'quantities');
    const subSections = membersOf(theirs, 'sub_sections');
    return [
      ...ours.quantities.flatMap((quantity) => {
        const match = quantities.find((q) => q.name === quantity.name);
        const at = `${path}.${quantity.name}`;
        return match ? compareQuantity(at, quantity, match) : [`${at}: no such quantity in NOMAD`];
      }),
      ...ours.sub_sections.flatMap((subSection) => {
        const at = `${path}.${subSection.name}`;
        const match = subSections.find((s) => s.name === subSection.name);
        if (!match) return [`${at}: no such sub-section in NOMAD`];
        const problems =
          subSection.repeats === (match.repeats ?? false) ? [] : [`${at}: repeats ${subSection.repeats}`];
        const variants = Object.entries(subSection.variants ?? {}).flatMap(([key, variant]) => {
          const nomadSection = nomadVariant(key);
          return nomadSection
            ? compareSection(at, variant, nomadSection)
            : [`${at}: no NOMAD section ${key}`];
        });
        return [
          ...problems,
          ...compareSection(at, subSection.section, deref(match.sub_section)),
          ...variants,
        ];
      }),
    ];
  };

  // One walk fills `counterparts` and `references` for the tests below.
  const definitionMismatches = nomadRoot
    ? compareSection('', archiveDefinition, nomadRoot).map((m) => m.slice(1))
    : ['NOMAD has no EntryArchive'];

  it('names, types, shapes and units match NOMAD', () => {
    expect(definitionMismatches).toEqual([]);
  });

  it('reports a wrong type, unit and shape', () => {
    const symmetry = definitionAt('results.material.symmetry');
    const nomadSymmetry =
      symmetry?.kind === 'section' ? [...(counterparts.get(symmetry.section) ?? [])][0] : undefined;
    expect(nomadSymmetry?.name).toBe('Symmetry');
    const broken: SectionDefinition = {
      name: 'Symmetry',
      description: '',
      quantities: [{ name: 'space_group_number', description: '', type: 'float', shape: [3], unit: 'meter' }],
      sub_sections: [],
    };
    expect(compareSection('s', broken, nomadSymmetry as NomadSection)).toEqual([
      's.space_group_number: type float, NOMAD int',
      's.space_group_number: shape [3], NOMAD []',
      "s.space_group_number: unit 'meter', NOMAD ''",
    ]);
  });

  it('references point where NOMAD points', () => {
    const mismatches = references.flatMap(({ path, quantity, theirs }) => {
      if (quantity.type !== 'reference') return [];
      const [sectionRef, quantityIndex] = String(theirs.type.type_data).split('/quantities/');
      const targetSection = deref(sectionRef as string);
      if (!quantity.target) {
        return targetSection.name === 'ArchiveSection'
          ? []
          : [`${path}: NOMAD targets ${targetSection.name}`];
      }
      const found = definitionAt(quantity.target);
      const ourSection = found?.kind === 'quantity' ? found.owner : found?.section;
      const nomadSections = [...(ourSection ? (counterparts.get(ourSection) ?? []) : [])];
      const sameSection = nomadSections.some((s) => s === targetSection || s.name === targetSection.name);
      const targetQuantity =
        quantityIndex === undefined ? undefined : targetSection.quantities?.[Number(quantityIndex)]?.name;
      const sameKind = (found?.kind === 'quantity') === (quantityIndex !== undefined);
      const sameQuantity = found?.kind !== 'quantity' || found.quantity.name === targetQuantity;
      return sameSection && sameKind && sameQuantity
        ? []
        : [
            `${path}: target ${quantity.target}, NOMAD ${targetSection.name}${targetQuantity ? `.${targetQuantity}` : ''}`,
          ];
    });
    expect(references.length).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });

  it('search flags match NOMAD searchQuantities', () => {
    const searchQuantities = nomad?.searchQuantities ?? {};
    const ours = searchQuantitiesOf();
    const mismatches = [
      ...ours.flatMap(({ name, quantity, repeats }) => {
        const theirs = searchQuantities[name];
        if (!theirs) return [`${name}: not a NOMAD search quantity`];
        const problems: string[] = [];
        if ((quantity.aggregatable ?? false) !== (theirs.aggregatable ?? false))
          problems.push(`${name}: aggregatable ${quantity.aggregatable}`);
        if ((quantity.suggestion ?? false) !== (theirs.suggestion ?? false))
          problems.push(`${name}: suggestion ${quantity.suggestion}`);
        if (repeats !== (theirs.repeats ?? false)) problems.push(`${name}: repeats ${repeats}`);
        return problems;
      }),
      // Every NOMAD results search quantity we define must be searchable here too.
      ...Object.keys(searchQuantities)
        .filter((name) => name.startsWith('results.'))
        .filter((name) => definitionAt(name)?.kind === 'quantity' && !ours.some((o) => o.name === name))
        .map((name) => `${name}: searchable in NOMAD`),
    ];
    expect(ours.length).toBeGreaterThan(60);
    expect(mismatches).toEqual([]);
  });

  it('compares the workflow2 variants too', () => {
    const workflow2 = archiveDefinition.sub_sections.find((s) => s.name === 'workflow2');
    const variants = workflow2 ? sectionsOf(workflow2) : [];
    expect(variants.length).toBe(8);
    expect(variants.every((section) => counterparts.has(section))).toBe(true);
  });
});
