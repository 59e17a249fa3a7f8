import {
  DEFINITION_ID_PATTERN,
  type MetainfoArtifactPackage,
  type MetainfoDefinitionResponse,
  type MetainfoPackagesResponse,
} from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { readJsonFile } from '../files/read.ts';
import { UploadFiles } from '../files/storage.ts';
import { isObject, type JsonObject } from '../processing/parsers/archive-schema.ts';
import { definitionId, sectionDefinitionIds } from '../processing/schema/definition-ids.ts';
import { findSectionDefinition } from '../store/section-definitions.ts';
import type { Caller } from './caller.ts';
import { visibleEntry } from './entries.ts';
import { queryEntries } from './search.ts';

/** Entries checked for one definition id (the same definition in many files: the oldest visible one). */
const MAX_CANDIDATES = 20;

const definitionNotFound = (definition: string) =>
  notFound(`The metainfo definition ${definition} does not exist or is not visible to you.`);

/** GET metainfo/: the built-in packages, then the newest schema files the caller may see. */
export const listMetainfoPackages = async (
  ctx: AppContext,
  caller: Caller,
  builtin: readonly MetainfoArtifactPackage[],
  pageSize: number,
): Promise<MetainfoPackagesResponse> => {
  const own = builtin.map((pkg) => ({
    name: pkg.name,
    kind: 'builtin' as const,
    section_count: pkg.section_definitions.length,
  }));
  if (pageSize === 0) return { data: own };
  const schemas = await queryEntries(ctx, caller, {
    owner: 'visible',
    query: { entry_type: 'Schema' },
    pagination: { page_size: pageSize, order_by: 'upload_create_time', order: 'desc' },
    required: { include: ['entry_id', 'upload_id', 'mainfile', 'entry_name'] },
  });
  return {
    data: [
      ...own,
      ...schemas.data.map((entry) => ({
        name: String(entry.entry_name ?? entry.mainfile),
        kind: 'schema' as const,
        entry_id: String(entry.entry_id),
        upload_id: String(entry.upload_id),
        mainfile: String(entry.mainfile),
      })),
    ],
  };
};

type Found = Pick<MetainfoDefinitionResponse, 'kind' | 'data'>;

const named = <T extends { name: string }>(items: readonly T[] | undefined, name: string) =>
  items?.find((item) => item.name === name);

/** A built-in definition by qualified name: a package, one of its sections, or a section's property. */
const builtinDefinition = (
  packages: readonly MetainfoArtifactPackage[],
  qualifiedName: string,
): Found | undefined => {
  const pkg = named(packages, qualifiedName);
  if (pkg) return { kind: 'package', data: pkg };
  // The longest package name the qualified name starts with ('nomad.datamodel' and 'nomad.datamodel.results').
  const owner = packages
    .filter((candidate) => qualifiedName.startsWith(`${candidate.name}.`))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!owner) return undefined;
  const [sectionName, property, ...rest] = qualifiedName.slice(owner.name.length + 1).split('.');
  const section = named(owner.section_definitions, sectionName ?? '');
  if (!section || rest.length > 0) return undefined;
  if (property === undefined) return { kind: 'section', data: section };
  const quantity = named(section.quantities, property);
  if (quantity) return { kind: 'quantity', data: quantity };
  const subSection = named(section.sub_sections, property);
  return subSection ? { kind: 'sub_section', data: subSection } : undefined;
};

/**
 * A user's section by its definition id, answered as NOMAD answers it: the whole package (the schema
 * file's definitions) with the ids of the package and of all its sections. The section must still be
 * what the id names (a schema file processed again since has new ids), in an entry the caller may see.
 */
const userDefinition = async (ctx: AppContext, caller: Caller, id: string) => {
  for (const candidate of await findSectionDefinition(ctx.db, id, MAX_CANDIDATES)) {
    const entry = await visibleEntry(ctx, caller, candidate.entry_id).catch(() => undefined);
    if (!entry) continue;
    const archive = await readJsonFile<JsonObject>(
      new UploadFiles(ctx.config.dataDir, entry.upload_id).archivePath(entry.entry_id),
    );
    const definitions = archive?.definitions;
    if (!isObject(definitions)) continue;
    const ids = sectionDefinitionIds(definitions);
    if (!ids.some((section) => section.definition_id === id)) continue;
    return {
      entry_id: entry.entry_id,
      upload_id: entry.upload_id,
      snapshot_package_id: definitionId(definitions),
      snapshot_section_id: id,
      snapshot_section_ids: ids.map((section) => section.definition_id),
      kind: 'package' as const,
      data: definitions,
    };
  }
  return undefined;
};

/** GET metainfo/{definition}: by definition id (a user's section) or by qualified name (built-in). */
export const readMetainfoDefinition = async (
  ctx: AppContext,
  caller: Caller,
  builtin: readonly MetainfoArtifactPackage[],
  definition: string,
): Promise<MetainfoDefinitionResponse> => {
  const found = new RegExp(DEFINITION_ID_PATTERN).test(definition)
    ? await userDefinition(ctx, caller, definition)
    : builtinDefinition(builtin, definition);
  if (!found) throw definitionNotFound(definition);
  return { definition, ...found };
};
