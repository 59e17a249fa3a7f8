import type { EntryDefinitionsResponse, ResolvedSectionDefinition } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { readJsonFile } from '../files/read.ts';
import { UploadFiles } from '../files/storage.ts';
import { isObject, type JsonObject } from '../processing/parsers/archive-schema.ts';
import {
  SchemaResolver,
  searchNameOf,
  type ResolvedQuantity,
  type ResolvedSection,
} from '../processing/schema/resolve.ts';
import { splitFileKey } from '../processing/schema/references.ts';
import { SchemaFiles } from '../processing/schema/schema-files.ts';
import { mayReadUpload } from '../auth/access.ts';
import { generateEntryId } from '../processing/ids.ts';
import type { Caller } from './caller.ts';
import { visibleEntry } from './entries.ts';

/** Enough for any hand-written schema; a generated one beyond it is listed up to here. */
const MAX_SECTIONS = 500;

const noDefinitions = () =>
  notFound(
    'The entry does not contain metainfo definitions: its data names no section this server resolves.',
  );

const described = (definition: JsonObject) => ({
  ...(typeof definition.description === 'string' ? { description: definition.description } : {}),
  ...(isObject(definition.m_annotations) ? { m_annotations: definition.m_annotations } : {}),
});

/** What a reference quantity's values point to, as search names it (for the reference picker). */
const referenceTarget = (quantity: ResolvedQuantity, resolver: SchemaResolver, uploadId: string) => {
  const { type } = quantity;
  if (type?.type_kind !== 'reference' || typeof type.type_data !== 'string') return {};
  const hash = quantity.definedBy.indexOf('#');
  const file = hash < 0 ? '' : quantity.definedBy.slice(0, hash);
  const target = resolver.fromReference(type.type_data, file);
  return target ? { target_section: target.key, target_search_name: searchNameOf(target, uploadId) } : {};
};

const wireSection = (
  section: ResolvedSection,
  resolver: SchemaResolver,
  uploadId: string,
): ResolvedSectionDefinition => ({
  name: section.name,
  search_name: searchNameOf(section, uploadId),
  ...described(section.definition),
  base_sections: section.bases,
  quantities: [...section.quantities.values()].map((quantity) => ({
    ...quantity.definition,
    name: quantity.name,
    defined_by: quantity.definedBy,
    ...referenceTarget(quantity, resolver, uploadId),
  })),
  sub_sections: [...section.subSections.values()].flatMap((sub) => {
    const target = sub.section();
    return target
      ? [{ name: sub.name, repeats: sub.repeats, section: target.key, ...described(sub.definition) }]
      : [];
  }),
});

/** The sections the entry's own definitions define (a schema file's package), in their order. */
const ownSections = (archive: JsonObject | undefined, mainfile: string, resolver: SchemaResolver) => {
  const definitions = archive?.definitions;
  const listed =
    isObject(definitions) && Array.isArray(definitions.section_definitions)
      ? definitions.section_definitions
      : [];
  return listed.flatMap((_, index) => {
    const section = resolver.fromReference(`#/definitions/section_definitions/${index}`, mainfile);
    return section ? [section] : [];
  });
};

/** The `m_def`s of the data's sections, where they choose a more specific section than declared. */
const chosenDefinitions = (value: unknown, found: Set<string>) => {
  if (Array.isArray(value)) for (const item of value) chosenDefinitions(item, found);
  else if (isObject(value)) {
    if (typeof value.m_def === 'string') found.add(value.m_def);
    for (const [key, item] of Object.entries(value))
      if (!key.startsWith('m_')) chosenDefinitions(item, found);
  }
};

/** Schema files one entry's definitions may span; rounds of reading them (each finds the next files). */
const MAX_FILES = 50;

/**
 * GET entries/{id}/definitions: the data's section (or, for a schema file, its first section) and every
 * section its sub-sections reach, those its data chooses with m_def and those the entry's own definitions
 * define, resolved from the processed archives of the upload's schema files. Those
 * are read asynchronously, round by round: a resolution that names a file not read yet asks for it.
 */
export const readEntryDefinitions = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
): Promise<EntryDefinitionsResponse> => {
  const entry = await visibleEntry(ctx, caller, entryId);
  const readable = new Map<string, Promise<boolean>>();
  /** A schema file's processed archive: of this upload, or of another one the caller may read. */
  const readArchive = async (key: string) => {
    const { uploadId = entry.upload_id, path } = splitFileKey(key);
    if (uploadId !== entry.upload_id) {
      if (!readable.has(uploadId)) readable.set(uploadId, mayReadUpload(ctx.db, uploadId, caller));
      if (!(await readable.get(uploadId))) return undefined;
    }
    const files = new UploadFiles(ctx.config.dataDir, uploadId);
    return readJsonFile<JsonObject>(files.archivePath(generateEntryId(uploadId, path)));
  };
  const loaded = new Map<string, JsonObject | undefined>();
  let wanted = new Set([entry.mainfile]);
  for (;;) {
    for (const path of wanted) loaded.set(path, await readArchive(path));
    const missing = new Set<string>();
    const files = new SchemaFiles((path) => {
      if (!loaded.has(path)) missing.add(path);
      return loaded.get(path);
    });
    const answer = resolveDefinitions(entry, loaded.get(entry.mainfile), files);
    if (missing.size === 0 || loaded.size >= MAX_FILES) {
      if (!answer) throw noDefinitions();
      return answer;
    }
    wanted = missing;
  }
};

const resolveDefinitions = (
  {
    entry_id: entryId,
    upload_id: uploadId,
    mainfile,
  }: { entry_id: string; upload_id: string; mainfile: string },
  archive: JsonObject | undefined,
  files: SchemaFiles,
): EntryDefinitionsResponse | undefined => {
  const resolver = new SchemaResolver(files);
  const data = isObject(archive?.data) ? archive.data : undefined;
  const own = ownSections(archive, mainfile, resolver);
  const root = typeof data?.m_def === 'string' ? resolver.fromMDef(data.m_def, mainfile) : own[0];
  if (!root) return undefined;
  const mDefs = new Set<string>();
  chosenDefinitions(data, mDefs);
  const queue: ResolvedSection[] = [root, ...own];
  for (const mDef of mDefs) {
    const chosen = resolver.fromMDef(mDef, mainfile);
    if (chosen) queue.push(chosen);
  }
  const sections: Record<string, ResolvedSectionDefinition> = {};
  for (let at = 0; at < queue.length && Object.keys(sections).length < MAX_SECTIONS; at++) {
    const section = queue[at]!;
    if (sections[section.key]) continue;
    sections[section.key] = wireSection(section, resolver, uploadId);
    for (const sub of section.subSections.values()) {
      const target = sub.section();
      if (target && !sections[target.key]) queue.push(target);
    }
  }
  const definitions = isObject(archive?.definitions) ? archive.definitions : undefined;
  const pkg =
    own.length > 0
      ? {
          package: {
            ...(typeof definitions?.name === 'string' ? { name: definitions.name } : {}),
            sections: own.map((section) => section.key),
          },
        }
      : {};
  return { entry_id: entryId, data: { root: root.key, sections, ...pkg } };
};
