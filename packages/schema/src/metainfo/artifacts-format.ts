import { archiveDefinition } from './builtin/archive.ts';
import { definitionAt } from './lookup.ts';
import type { PackageDefinition, QuantityDefinition, SectionDefinition } from './model.ts';

/**
 * Definitions in the form NOMAD serves them to its GUI (`window.nomadArtifacts.metainfo.packages`):
 * sections refer to each other as '/packages/<i>/section_definitions/<j>'.
 */

export interface MetainfoArtifactType {
  type_kind: string;
  type_data: string | string[];
}

export interface MetainfoArtifactQuantity {
  m_def: 'nomad.metainfo.metainfo.Quantity';
  name: string;
  description: string;
  type: MetainfoArtifactType;
  shape: (number | string)[];
  unit?: string;
}

export interface MetainfoArtifactSubSection {
  m_def: 'nomad.metainfo.metainfo.SubSection';
  name: string;
  sub_section: string;
  repeats: boolean;
}

export interface MetainfoArtifactSection {
  m_def: 'nomad.metainfo.metainfo.Section';
  name: string;
  description: string;
  base_sections?: string[];
  quantities: MetainfoArtifactQuantity[];
  sub_sections: MetainfoArtifactSubSection[];
}

export interface MetainfoArtifactPackage {
  m_def: 'nomad.metainfo.metainfo.Package';
  name: string;
  section_definitions: MetainfoArtifactSection[];
}

/** A quantity's type as NOMAD writes it, for every type but references (whose target needs resolving). */
export const nomadTypeOf = (
  quantity: Exclude<QuantityDefinition, { type: 'reference' }>,
): MetainfoArtifactType => {
  switch (quantity.type) {
    case 'str':
    case 'int':
    case 'bool':
      return { type_kind: 'python', type_data: quantity.type };
    case 'float':
      return { type_kind: 'numpy', type_data: 'float64' };
    case 'datetime':
      return { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' };
    case 'complex':
      return { type_kind: 'numpy', type_data: 'complex128' };
    case 'any':
      return { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Any' };
    case 'enum':
      return { type_kind: 'enum', type_data: [...quantity.values] };
  }
};

/** NOMAD's base of every section, which references to any section of an archive name as their target. */
const ARCHIVE_SECTION_PACKAGE: MetainfoArtifactPackage = {
  m_def: 'nomad.metainfo.metainfo.Package',
  name: 'nomad.datamodel.data',
  section_definitions: [
    {
      m_def: 'nomad.metainfo.metainfo.Section',
      name: 'ArchiveSection',
      description: 'The base of the sections an archive holds.',
      quantities: [],
      sub_sections: [],
    },
  ],
};

/**
 * Converts definition packages to NOMAD's artifacts format, after NOMAD's package of ArchiveSection (NOMAD's
 * GUI resolves a reference by qualified name among the packages read before it, so generic references need
 * it first). Every section reachable through sub-sections or references must belong to one of the packages;
 * reference targets are resolved from `root`. Variants of a sub-section name its section as their base
 * section.
 */
export const metainfoArtifactPackages = (
  packages: readonly PackageDefinition[],
  root: SectionDefinition = archiveDefinition,
): MetainfoArtifactPackage[] => {
  const refs = new Map<SectionDefinition, string>();
  // Index 0 is NOMAD's ArchiveSection package.
  packages.forEach((pkg, i) =>
    pkg.section_definitions.forEach((section, j) =>
      refs.set(section, `/packages/${i + 1}/section_definitions/${j}`),
    ),
  );
  const refOf = (section: SectionDefinition): string => {
    const ref = refs.get(section);
    if (!ref) throw new Error(`section ${section.name} is not in any of the given packages`);
    return ref;
  };
  const bases = new Map<SectionDefinition, string>();
  for (const section of refs.keys()) {
    for (const subSection of section.sub_sections) {
      for (const variant of Object.values(subSection.variants ?? {}))
        bases.set(variant, refOf(subSection.section));
    }
  }

  const typeOf = (quantity: QuantityDefinition): MetainfoArtifactType => {
    switch (quantity.type) {
      case 'reference': {
        // NOMAD's generic target: any section of an archive.
        if (!quantity.target)
          return { type_kind: 'reference', type_data: 'nomad.datamodel.data.ArchiveSection' };
        const target = definitionAt(quantity.target, root);
        if (!target) throw new Error(`reference ${quantity.name} targets unknown ${quantity.target}`);
        if (target.kind === 'section') return { type_kind: 'reference', type_data: refOf(target.section) };
        const index = target.owner.quantities.indexOf(target.quantity);
        return { type_kind: 'quantity_reference', type_data: `${refOf(target.owner)}/quantities/${index}` };
      }
      default:
        return nomadTypeOf(quantity);
    }
  };

  const converted = packages.map((pkg): MetainfoArtifactPackage => ({
    m_def: 'nomad.metainfo.metainfo.Package',
    name: pkg.name,
    section_definitions: pkg.section_definitions.map((section) => {
      const base = bases.get(section);
      return {
        m_def: 'nomad.metainfo.metainfo.Section',
        name: section.name,
        description: section.description,
        ...(base ? { base_sections: [base] } : {}),
        quantities: section.quantities.map((quantity) => ({
          m_def: 'nomad.metainfo.metainfo.Quantity',
          name: quantity.name,
          description: quantity.description,
          type: typeOf(quantity),
          shape: [...quantity.shape],
          ...(quantity.unit ? { unit: quantity.unit } : {}),
        })),
        sub_sections: section.sub_sections.map((subSection) => ({
          m_def: 'nomad.metainfo.metainfo.SubSection',
          name: subSection.name,
          sub_section: refOf(subSection.section),
          repeats: subSection.repeats,
        })),
      };
    }),
  }));
  return [ARCHIVE_SECTION_PACKAGE, ...converted];
};
