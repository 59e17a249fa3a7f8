import { resultsDefinition } from './builtin/archive.ts';
import { variantOf } from './lookup.ts';
import type { SectionDefinition, SubSectionDefinition } from './model.ts';
import { checkValue } from './values.ts';

/** A projected section: searchable values and the non-empty sub-sections holding them. */
export type IndexedSection = { [name: string]: unknown };

export interface IndexOptions {
  /**
   * Called with the error for each value that does not fit its definition; the value is then left out
   * of the index instead of failing the whole entry (archives uploaded as files may be older NOMAD
   * versions with, e.g., a list where a string is defined). Without it, such values throw.
   */
  readonly onInvalid?: (error: Error) => void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The definition an instance follows: a variant when it declares one with m_def, else the base. */
const definitionOf = (subSection: SubSectionDefinition, value: Record<string, unknown>) =>
  (typeof value.m_def === 'string' ? variantOf(subSection, value.m_def) : undefined) ?? subSection.section;

/**
 * Projects one archive section to what the search index stores: only quantities flagged searchable
 * (checked against their definitions), recursing into sub-sections and leaving out empty ones.
 * Anything not defined (large arrays, references, unknown keys) is dropped.
 */
export const indexedSection = (
  value: unknown,
  section: SectionDefinition,
  path: string,
  options: IndexOptions = {},
): IndexedSection => {
  const invalid = (error: Error) => {
    if (!options.onInvalid) throw error;
    options.onInvalid(error);
  };
  if (!isObject(value)) {
    invalid(new Error(`${path}: expected a section object`));
    return {};
  }
  const projected: IndexedSection = {};
  for (const quantity of section.quantities) {
    const item = value[quantity.name];
    if (!quantity.searchable || item === undefined || item === null) continue;
    try {
      checkValue(quantity, item, `${path}.${quantity.name}`);
      projected[quantity.name] = item;
    } catch (error) {
      invalid(error as Error);
    }
  }
  for (const subSection of section.sub_sections) {
    const item = value[subSection.name];
    const childPath = `${path}.${subSection.name}`;
    if (item === undefined || item === null) continue;
    if (subSection.repeats) {
      if (!Array.isArray(item)) {
        invalid(new Error(`${childPath}: expected a list of sections`));
        continue;
      }
      const children = item
        .map((child, i) =>
          indexedSection(
            child,
            isObject(child) ? definitionOf(subSection, child) : subSection.section,
            `${childPath}[${i}]`,
            options,
          ),
        )
        .filter((child) => Object.keys(child).length > 0);
      if (children.length > 0) projected[subSection.name] = children;
    } else {
      const child = indexedSection(
        item,
        isObject(item) ? definitionOf(subSection, item) : subSection.section,
        childPath,
        options,
      );
      if (Object.keys(child).length > 0) projected[subSection.name] = child;
    }
  }
  return projected;
};

/**
 * The part of an archive's `results` the search index stores: material, method and scalar or short-list
 * properties (band gap values per spin channel, symmetry, lattice parameters), without structures'
 * positions, DOS or band-structure references.
 */
export const indexedResults = (results: unknown, options: IndexOptions = {}): IndexedSection =>
  indexedSection(results, resultsDefinition, 'results', options);
