// The entry metadata NOMAD derives from a whole archive for search: the section definitions it uses, how
// many quantities it fills, which sections it has, the files that belong to it, its OPTIMADE structure
// fields and what its `data` contributes (search_quantities, entry_references).
import { createHash } from 'node:crypto';
import { archiveDefinition, builtinPackages, variantOf, type SectionDefinition } from '@oasis/schema';
import { folderFiles, folderOf } from '../files/folder-files.ts';
import { dataSearch, type DataSearchQuantity, type EntryReference } from './data-search.ts';
import { isObject, type DataDefinition, type JsonObject } from './parsers/archive-schema.ts';

/** A folder of thousands of mainfiles would otherwise give every one of its entries thousands of files. */
export const MAX_ENTRY_FILES = 100;

const ENTRY_METADATA = 'nomad.datamodel.datamodel.EntryMetadata';

const qualifiedNames = new Map<SectionDefinition, string>(
  builtinPackages.flatMap((pkg) =>
    pkg.section_definitions.map((section): [SectionDefinition, string] => [
      section,
      `${pkg.name}.${section.name}`,
    ]),
  ),
);

interface SectionDef {
  definition_qualified_name: string;
  definition_id: string;
  used_directly: boolean;
}

export interface SearchMetadata {
  sections: string[];
  section_defs: SectionDef[];
  n_quantities: number;
  /** Paths of the sections the archive has ('' for the archive itself); quantities are searched by column. */
  quantities: string[];
  files: string[];
  search_quantities?: DataSearchQuantity[];
  entry_references?: EntryReference[];
  optimade?: JsonObject;
}

/** Qualified names of the built-in section definitions the archive instantiates. */
const builtinSections = (archive: JsonObject): Set<string> => {
  const used = new Set<string>();
  const visit = (instance: JsonObject, definition: SectionDefinition) => {
    const name = qualifiedNames.get(definition);
    if (name) used.add(name);
    for (const subSection of definition.sub_sections) {
      const value = instance[subSection.name];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isObject(item)) continue;
        const declared = typeof item.m_def === 'string' ? variantOf(subSection, item.m_def) : undefined;
        visit(item, declared ?? subSection.section);
      }
    }
  };
  visit(archive, archiveDefinition);
  return used;
};

/** The distinct paths with values: sections (objects) and quantities (everything else). */
const filledPaths = (archive: JsonObject) => {
  const sections = new Set<string>(['']);
  const quantities = new Set<string>();
  const visit = (value: unknown, path: string) => {
    const items = Array.isArray(value) && value.some(isObject) ? value : [value];
    for (const item of items) {
      if (isObject(item)) {
        sections.add(path);
        for (const [key, child] of Object.entries(item)) {
          if (child !== null && child !== undefined && !key.startsWith('m_'))
            visit(child, path ? `${path}.${key}` : key);
        }
      } else if (item !== null && item !== undefined) quantities.add(path);
    }
  };
  visit(archive, '');
  return { sections: [...sections].sort(), count: sections.size + quantities.size };
};

/** OPTIMADE's structure fields from the normalised material and the original structure. */
const optimadeFields = (archive: JsonObject): JsonObject | undefined => {
  const results = isObject(archive.results) ? archive.results : undefined;
  const material = isObject(results?.material) ? results.material : undefined;
  const elements = Array.isArray(material?.elements) ? (material.elements as string[]) : undefined;
  if (!material || !elements?.length) return undefined;
  const structures = isObject(results?.properties) ? results.properties.structures : undefined;
  const structure =
    isObject(structures) && isObject(structures.structure_original) ? structures.structure_original : {};
  const species = Array.isArray(structure.species_at_sites)
    ? (structure.species_at_sites as string[])
    : undefined;
  const sorted = [...elements].sort();
  const fields: JsonObject = {
    elements: sorted,
    nelements: sorted.length,
    structure_features: [],
  };
  if (species?.length) {
    fields.nsites = species.length;
    fields.species_at_sites = species;
    fields.elements_ratios = sorted.map(
      (element) => species.filter((name) => name === element).length / species.length,
    );
  }
  if (typeof structure.nperiodic_dimensions === 'number')
    fields.nperiodic_dimensions = structure.nperiodic_dimensions;
  for (const formula of ['descriptive', 'reduced', 'hill', 'anonymous']) {
    const value = material[`chemical_formula_${formula}`];
    if (typeof value === 'string') fields[`chemical_formula_${formula}`] = value;
  }
  return fields;
};

/** The mainfile first, then the other plain files of its folder (not sub-folders), as NOMAD's `files`. */
export async function entryFiles(mainfile: string, folderOnDisk: string): Promise<string[]> {
  const others = (await folderFiles(folderOnDisk, folderOf(mainfile))).filter((file) => file !== mainfile);
  return [mainfile, ...others].slice(0, MAX_ENTRY_FILES);
}

export interface SearchMetadataContext {
  entryId: string;
  uploadId: string;
  files: string[];
  dataDefinition?: DataDefinition;
}

/** Everything search knows about an archive beyond its results. */
export function searchMetadata(archive: JsonObject, context: SearchMetadataContext): SearchMetadata {
  const used = builtinSections(archive);
  if (isObject(archive.metadata)) used.add(ENTRY_METADATA);
  const data = isObject(archive.data) ? archive.data : undefined;
  const fromData = data
    ? dataSearch(data, {
        entryId: context.entryId,
        uploadId: context.uploadId,
        ...(context.dataDefinition ? { definition: context.dataDefinition } : {}),
      })
    : undefined;
  for (const section of fromData?.sections ?? []) used.add(section);
  const sections = [...used].sort();
  const paths = filledPaths(archive);
  const optimade = optimadeFields(archive);
  return {
    sections,
    section_defs: sections.map((name) => ({
      definition_qualified_name: name,
      definition_id: createHash('sha1').update(name).digest('hex'),
      used_directly: true,
    })),
    n_quantities: paths.count,
    quantities: paths.sections,
    files: context.files,
    ...(fromData?.searchQuantities.length ? { search_quantities: fromData.searchQuantities } : {}),
    ...(fromData?.references.length ? { entry_references: fromData.references } : {}),
    ...(optimade ? { optimade } : {}),
  };
}
