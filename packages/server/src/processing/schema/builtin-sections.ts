// Built-in sections by the qualified names users' schemas give them ('nomad.datamodel.data.EntryData',
// 'runschema.calculation.Calculation'), from the project's own metainfo.
import { builtinPackages, nomadTypeOf, type QuantityDefinition, type SectionDefinition } from '@oasis/schema';

export interface BuiltinSection {
  qualifiedName: string;
  definition: SectionDefinition;
}

/** Names NOMAD accepts for the same section (its Python modules re-export them). */
const ALIASES: Record<string, string> = {
  'nomad.datamodel.EntryData': 'nomad.datamodel.data.EntryData',
  'nomad.datamodel.ArchiveSection': 'nomad.datamodel.data.ArchiveSection',
  'nomad.datamodel.EntryArchive': 'nomad.datamodel.datamodel.EntryArchive',
};

const byQualifiedName = new Map<string, BuiltinSection>(
  builtinPackages.flatMap((pkg) =>
    pkg.section_definitions.map((definition): [string, BuiltinSection] => {
      const qualifiedName = `${pkg.name}.${definition.name}`;
      return [qualifiedName, { qualifiedName, definition }];
    }),
  ),
);

/** The built-in section of a qualified name, or undefined. */
export const builtinSection = (name: string): BuiltinSection | undefined =>
  byQualifiedName.get(ALIASES[name] ?? name);

/** The qualified name of a built-in section definition (the sub-sections of built-in sections). */
export const qualifiedNameOf = (definition: SectionDefinition): string | undefined => {
  for (const section of byQualifiedName.values())
    if (section.definition === definition) return section.qualifiedName;
  return undefined;
};

/** A built-in quantity's type as NOMAD writes it in a schema; references to any section of an archive. */
export const builtinTypeOf = (quantity: QuantityDefinition): { type_kind: string; type_data: unknown } =>
  quantity.type === 'reference'
    ? { type_kind: 'reference', type_data: 'nomad.datamodel.data.ArchiveSection' }
    : nomadTypeOf(quantity);
