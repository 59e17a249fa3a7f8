import {
  archiveDefinition,
  builtinPackages,
  definitionAt,
  nomadTypeOf,
  sectionsOf,
  type PackageDefinition,
  type QuantityDefinition,
  type SectionDefinition,
  type SubSectionDefinition,
} from '@oasis/schema';

/** The kinds of definition the browser shows (spec 1: metainfo definition kinds). */
type DefinitionKind = 'package' | 'section' | 'quantity' | 'sub section';

/** What a lane of the metainfo browser shows: one definition and where it was reached from. */
export type MetainfoNode =
  | { kind: 'package'; pkg: PackageDefinition }
  | { kind: 'section'; section: SectionDefinition; pkg: PackageDefinition | undefined }
  | { kind: 'sub section'; subSection: SubSectionDefinition; owner: SectionDefinition }
  | { kind: 'quantity'; quantity: QuantityDefinition; owner: SectionDefinition };

/** The package each built-in section is defined in (sections shared by reference appear once). */
export const packageOf = (section: SectionDefinition): PackageDefinition | undefined =>
  builtinPackages.find((pkg) => pkg.section_definitions.includes(section));

/** NOMAD's qualified name of a section: package and class name. */
export const qualifiedName = (section: SectionDefinition): string => {
  const pkg = packageOf(section);
  return pkg ? `${pkg.name}.${section.name}` : section.name;
};

/** The type as NOMAD writes it (type_kind and type_data), for the quantity card. */
export const quantityType = (quantity: QuantityDefinition): { kind: string; data: string } => {
  if (quantity.type === 'reference') {
    const target = quantity.target ? definitionAt(quantity.target, archiveDefinition) : undefined;
    if (!target) return { kind: 'reference', data: 'nomad.datamodel.data.ArchiveSection' };
    return target.kind === 'section'
      ? { kind: 'reference', data: qualifiedName(target.section) }
      : { kind: 'quantity_reference', data: `${qualifiedName(target.owner)}.${target.quantity.name}` };
  }
  const { type_kind: kind, type_data: data } = nomadTypeOf(quantity);
  return { kind, data: Array.isArray(data) ? data.join(', ') : data };
};

/** '[*]', '[3, 3]' or 'scalar'. */
export const shapeText = (quantity: QuantityDefinition): string =>
  quantity.shape.length === 0 ? 'scalar' : `[${quantity.shape.join(', ')}]`;

/** The child `key` of a lane's definition, or undefined when it has none of that name. */
export function childOf(node: MetainfoNode, key: string): MetainfoNode | undefined {
  if (node.kind === 'package') {
    const section = node.pkg.section_definitions.find((candidate) => candidate.name === key);
    return section && { kind: 'section', section, pkg: node.pkg };
  }
  const section = sectionOfNode(node);
  if (!section) return undefined;
  const subSection = section.sub_sections.find((candidate) => candidate.name === key);
  if (subSection) return { kind: 'sub section', subSection, owner: section };
  const quantity = section.quantities.find((candidate) => candidate.name === key);
  return quantity && { kind: 'quantity', quantity, owner: section };
}

/** The section whose members a lane lists: a section's own, a sub-section's target's. */
export const sectionOfNode = (node: MetainfoNode): SectionDefinition | undefined =>
  node.kind === 'section' ? node.section : node.kind === 'sub section' ? node.subSection.section : undefined;

/** One definition found by name: the keys of its lane below the browser's root. */
export interface DefinitionHit {
  keys: string[];
  name: string;
  kind: DefinitionKind;
  pkg: string;
  /** The section a sub-section or quantity belongs to: members of different sections share names (band_gap). */
  parent?: string;
}

/** At most this many definitions are listed for a search. */
const MAX_HITS = 100;

/** A package where the browser's root lane has it: built-in ones by name, users' by 'entry_id:{id}'. */
export interface RootedPackage {
  key: string;
  pkg: PackageDefinition;
}

/**
 * Sections, sub-sections and quantities whose name contains `text` (case-insensitive), in `packageName` or in every
 * package (the built-in ones, then `others`), reached through the package that defines them.
 */
export function searchDefinitions(
  text: string,
  packageName: string | undefined,
  others: readonly RootedPackage[] = [],
): DefinitionHit[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const hits: DefinitionHit[] = [];
  const packages = [...builtinPackages.map((pkg) => ({ key: pkg.name, pkg })), ...others];
  for (const { key, pkg } of packages) {
    if (packageName && pkg.name !== packageName) continue;
    for (const section of pkg.section_definitions) {
      if (section.name.toLowerCase().includes(needle))
        hits.push({ keys: [key, section.name], name: section.name, kind: 'section', pkg: pkg.name });
      const members = [
        ...section.sub_sections.map((member) => ({ name: member.name, kind: 'sub section' as const })),
        ...section.quantities.map((member) => ({ name: member.name, kind: 'quantity' as const })),
      ];
      for (const { name, kind } of members) {
        if (name.toLowerCase().includes(needle))
          hits.push({ keys: [key, section.name, name], name, kind, pkg: pkg.name, parent: section.name });
      }
      if (hits.length >= MAX_HITS) return hits.slice(0, MAX_HITS);
    }
  }
  return hits;
}

/** A hit as the search lists it: a member with its section ('band_gap (BandStructureElectronic)'). */
export const hitLabel = (hit: DefinitionHit): string =>
  hit.parent ? `${hit.name} (${hit.parent})` : hit.name;

/** The sections that hold `section` as a sub-section, and the quantities that reference it. */
export function usesOf(section: SectionDefinition): { owner: SectionDefinition; member: string }[] {
  const uses: { owner: SectionDefinition; member: string }[] = [];
  for (const pkg of builtinPackages) {
    for (const owner of pkg.section_definitions) {
      for (const subSection of owner.sub_sections)
        if (subSection.section === section) uses.push({ owner, member: subSection.name });
      for (const quantity of owner.quantities) {
        if (quantity.type !== 'reference' || !quantity.target) continue;
        const target = definitionAt(quantity.target, archiveDefinition);
        if (target?.kind === 'section' && target.section === section)
          uses.push({ owner, member: quantity.name });
      }
    }
  }
  return uses;
}

/**
 * The dotted path from the archive's root to the first place `section` appears (breadth first, so the
 * shortest), '' for the root itself; undefined when the archive does not contain it.
 */
export function archivePathOf(section: SectionDefinition): string | undefined {
  const seen = new Set<SectionDefinition>([archiveDefinition]);
  let level: [SectionDefinition, string][] = [[archiveDefinition, '']];
  while (level.length > 0) {
    const next: [SectionDefinition, string][] = [];
    for (const [current, path] of level) {
      if (current === section) return path;
      for (const subSection of current.sub_sections) {
        for (const candidate of sectionsOf(subSection)) {
          if (seen.has(candidate)) continue;
          seen.add(candidate);
          next.push([candidate, path ? `${path}.${subSection.name}` : subSection.name]);
        }
      }
    }
    level = next;
  }
  return undefined;
}

/** The archive path a lane's definition is used under, for asking how many entries use it. */
export function usagePathOf(node: MetainfoNode): string | undefined {
  if (node.kind === 'package') return undefined;
  if (node.kind === 'quantity') {
    const owner = archivePathOf(node.owner);
    return owner === undefined ? undefined : owner ? `${owner}.${node.quantity.name}` : node.quantity.name;
  }
  const owner = node.kind === 'section' ? undefined : archivePathOf(node.owner);
  if (node.kind === 'sub section')
    return owner === undefined
      ? undefined
      : owner
        ? `${owner}.${node.subSection.name}`
        : node.subSection.name;
  return archivePathOf(node.section) || undefined;
}

/** Pairs of (base section, inheriting section): the variants a sub-section may hold name it as their base. */
const inheritance = (): [SectionDefinition, SectionDefinition][] =>
  builtinPackages.flatMap((pkg) =>
    pkg.section_definitions.flatMap((owner) =>
      owner.sub_sections.flatMap((subSection) =>
        Object.values(subSection.variants ?? {}).map((variant): [SectionDefinition, SectionDefinition] => [
          subSection.section,
          variant,
        ]),
      ),
    ),
  );

/** The section `section` specialises, if it is a variant of one. */
export const baseSectionOf = (section: SectionDefinition): SectionDefinition | undefined =>
  inheritance().find(([, variant]) => variant === section)?.[0];

/** The sections that specialise `section` (once each). */
export const inheritingSectionsOf = (section: SectionDefinition): SectionDefinition[] => [
  ...new Set(
    inheritance()
      .filter(([base]) => base === section)
      .map(([, variant]) => variant),
  ),
];
