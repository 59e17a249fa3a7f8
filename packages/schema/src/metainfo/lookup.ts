import { archiveDefinition } from './builtin/archive.ts';
import type { QuantityDefinition, SectionDefinition, SubSectionDefinition } from './model.ts';

/** What a dotted definition path names: a quantity (with the section defining it) or a section. */
export type DefinitionAt =
  | { readonly kind: 'quantity'; readonly quantity: QuantityDefinition; readonly owner: SectionDefinition }
  | {
      readonly kind: 'section';
      readonly section: SectionDefinition;
      readonly subSection: SubSectionDefinition;
    };

/** The sections a sub-section may hold: its own definition first, then the variants named by m_def. */
export const sectionsOf = (subSection: SubSectionDefinition): readonly SectionDefinition[] => [
  subSection.section,
  ...Object.values(subSection.variants ?? {}),
];

/**
 * The variant an instance declares with `m_def`: by its qualified name, or by the plugin's short form
 * ('simulationworkflowschema.GeometryOptimization' for 'simulationworkflowschema.geometry_optimization.
 * GeometryOptimization'), which NOMAD also resolves.
 */
export const variantOf = (subSection: SubSectionDefinition, mDef: string): SectionDefinition | undefined => {
  const variants = subSection.variants ?? {};
  const exact = variants[mDef];
  if (exact) return exact;
  const [plugin, name] = [mDef.split('.')[0], mDef.split('.').pop()];
  return Object.entries(variants).find(
    ([key]) => key.split('.')[0] === plugin && key.split('.').pop() === name,
  )?.[1];
};

const find = (section: SectionDefinition, parts: readonly string[]): DefinitionAt | undefined => {
  const [head, ...rest] = parts;
  if (rest.length === 0) {
    const quantity = section.quantities.find((q) => q.name === head);
    if (quantity) return { kind: 'quantity', quantity, owner: section };
  }
  const subSection = section.sub_sections.find((s) => s.name === head);
  if (!subSection) return undefined;
  for (const candidate of sectionsOf(subSection)) {
    if (rest.length === 0) return { kind: 'section', section: candidate, subSection };
    const found = find(candidate, rest);
    if (found) return found;
  }
  return undefined;
};

/**
 * The definition at a dotted path without indices ('run.calculation.energy.total.value'), starting at
 * the archive root unless another root is given. Variants are searched in order where the base
 * definition lacks the path (workflow2.results.final_force_maximum is a geometry optimisation's).
 */
export const definitionAt = (
  path: string,
  root: SectionDefinition = archiveDefinition,
): DefinitionAt | undefined => (path === '' ? undefined : find(root, path.split('.')));

/** 'results.material.symmetry.space_group_number' → its quantity definition, or undefined. */
export const quantityAt = (
  path: string,
  root: SectionDefinition = archiveDefinition,
): QuantityDefinition | undefined => {
  const found = definitionAt(path, root);
  return found?.kind === 'quantity' ? found.quantity : undefined;
};

/** 'results.material.symmetry' → its section definition, or undefined. */
export const sectionAt = (
  path: string,
  root: SectionDefinition = archiveDefinition,
): SectionDefinition | undefined => {
  const found = definitionAt(path, root);
  return found?.kind === 'section' ? found.section : undefined;
};

/** A searchable quantity under its dotted name in the search index. */
export interface SearchQuantityDefinition {
  readonly name: string;
  readonly quantity: QuantityDefinition;
  /** Whether the quantity lies inside a repeating sub-section (NOMAD's `repeats`, nested search). */
  readonly repeats: boolean;
}

/**
 * The searchable quantities below `root`, named by their dotted paths (prefixed with `path`, the
 * root's own path), in definition order. Only results are indexed, so the default starts there.
 */
export const searchQuantitiesOf = (
  root: SectionDefinition = archiveDefinition,
  path = '',
): readonly SearchQuantityDefinition[] => {
  const walk = (
    section: SectionDefinition,
    prefix: string,
    repeats: boolean,
    ancestors: ReadonlySet<SectionDefinition>,
  ): SearchQuantityDefinition[] => [
    ...section.quantities
      .filter((quantity) => quantity.searchable)
      .map((quantity) => ({ name: prefix + quantity.name, quantity, repeats })),
    ...section.sub_sections.flatMap((subSection) =>
      sectionsOf(subSection)
        // A section containing itself (recursive definitions) is searched once.
        .filter((child) => !ancestors.has(child))
        .flatMap((child) =>
          walk(
            child,
            `${prefix}${subSection.name}.`,
            repeats || subSection.repeats,
            new Set([...ancestors, child]),
          ),
        ),
    ),
  ];
  const all = walk(root, path ? `${path}.` : '', false, new Set([root]));
  // Variants may define the same path twice; the first definition wins.
  return all.filter((entry, i) => all.findIndex((other) => other.name === entry.name) === i);
};
