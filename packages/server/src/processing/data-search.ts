// What an archive's `data` (ELN and other schema-defined data) contributes to search: one search quantity
// per scalar value (NOMAD's `search_quantities`, which the custom-quantities filter lists and queries), and
// the references its quantities make to other entries (`entry_references`).
import { generateEntryId } from './ids.ts';
import { isObject, type DataDefinition, type JsonObject } from './parsers/archive-schema.ts';
import { searchNameOf, type ResolvedSection } from './schema/resolve.ts';

type ValueField = 'str_value' | 'int_value' | 'float_value' | 'bool_value' | 'datetime_value';

export interface DataSearchQuantity {
  /** '{path_archive}#{qualified name of the data section}'. */
  id: string;
  /** Qualified name of the quantity's definition. */
  definition: string;
  path_archive: string;
  str_value?: string;
  int_value?: number;
  float_value?: number;
  bool_value?: boolean;
  datetime_value?: string;
}

export interface EntryReference {
  target_reference: string;
  target_entry_id?: string;
  target_mainfile?: string;
  target_upload_id?: string;
  target_name?: string;
  target_path?: string;
  source_name: string;
  source_path: string;
  source_quantity: string;
}

export interface DataSearchContext {
  entryId: string;
  uploadId: string;
  definition?: DataDefinition;
}

/** Enough for any hand-written schema; a generated data section beyond it is not made searchable whole. */
const MAX_SEARCH_QUANTITIES = 1000;

/** The field a declared type keeps its values in; undefined for types search does not index. */
const fieldOfType = (type: unknown): ValueField | 'reference' | undefined => {
  if (isObject(type) && (type.type_kind === 'reference' || type.type_kind === 'quantity_reference'))
    return 'reference';
  const declared = isObject(type) ? (type.type_data ?? type.type_kind) : type;
  if (Array.isArray(declared) || (isObject(type) && /enum/i.test(String(type.type_kind)))) return 'str_value';
  if (typeof declared !== 'string') return undefined;
  const name = declared.toLowerCase();
  if (name.startsWith('#') || name.startsWith('../') || name.includes('reference')) return 'reference';
  if (name.includes('datetime')) return 'datetime_value';
  if (name.includes('bool')) return 'bool_value';
  if (name.includes('int')) return 'int_value';
  if (name.includes('float') || name === 'number') return 'float_value';
  if (name.includes('str') || name.includes('enum')) return 'str_value';
  return undefined;
};

/** Without a declared type the value itself tells (an integer-valued float is stored as an int). */
const fieldOfValue = (value: string | number | boolean): ValueField =>
  typeof value === 'boolean'
    ? 'bool_value'
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? 'int_value'
        : 'float_value'
      : 'str_value';

/** The value as its field stores it, or undefined when it does not fit the declared type. */
const typedValue = (field: ValueField, value: string | number | boolean) => {
  switch (field) {
    case 'str_value':
      return String(value);
    case 'bool_value':
      return typeof value === 'boolean' ? value : undefined;
    case 'int_value':
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    case 'float_value':
      return typeof value === 'number' ? value : undefined;
    case 'datetime_value': {
      const time = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(time) ? undefined : new Date(time).toISOString();
    }
  }
};

// '../upload/archive/{entry_id}#/path', '../upload/archive/mainfile/{mainfile}#/path', and the same
// under '../uploads/{upload_id}/' for other uploads.
const REFERENCE = /^\.\.\/upload(?:s\/([^/]+))?\/archive\/(mainfile\/)?([^#]+)#(.*)$/;

const parseReference = (text: string, uploadId: string) => {
  const match = REFERENCE.exec(text);
  if (!match) return undefined;
  const [, otherUpload, byMainfile, target, fragment] = match;
  const targetUpload = otherUpload ?? uploadId;
  const path = `/${fragment!.replace(/^\/+/, '')}`;
  return {
    target_reference: text,
    target_upload_id: targetUpload,
    ...(byMainfile
      ? { target_mainfile: target!, target_entry_id: generateEntryId(targetUpload, target!) }
      : { target_entry_id: target! }),
    target_path: path,
    target_name:
      path
        .split('/')
        .filter((part) => part !== '')
        .at(-1) ?? '',
  };
};

interface Walk {
  rootQualified: string;
  uploadId: string;
  /** Qualified name of a section: built-in ones by theirs, the upload's as 'entry_id:{schema entry}.{name}'. */
  qualify(section: ResolvedSection): string;
  quantities: DataSearchQuantity[];
  references: EntryReference[];
  /** Qualified names of the sections walked. */
  sections: Set<string>;
}

const walkSection = (
  walk: Walk,
  section: JsonObject,
  path: string,
  declared: ResolvedSection | undefined,
  owner: string,
): void => {
  walk.sections.add(owner);
  for (const [key, value] of Object.entries(section)) {
    if (key.startsWith('m_') || value === null || value === undefined) continue;
    const childPath = `${path}.${key}`;
    const sectionValues = Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [];
    if (sectionValues.length > 0) {
      const sub = declared?.subSections.get(key)?.section();
      // Sections of data without a definition are named by where they are.
      const subOwner = sub ? walk.qualify(sub) : `${owner}.${key}`;
      for (const item of sectionValues) walkSection(walk, item, childPath, sub, subOwner);
      continue;
    }
    const declaredField = fieldOfType(declared?.quantities.get(key)?.type);
    const scalars = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item),
    );
    for (const scalar of scalars) {
      const reference = typeof scalar === 'string' ? parseReference(scalar, walk.uploadId) : undefined;
      if (reference || declaredField === 'reference') {
        if (reference)
          walk.references.push({
            ...reference,
            source_name: key,
            source_path: childPath,
            source_quantity: `${owner}.${key}`,
          });
        continue;
      }
      // Search quantities are scalar quantities, as in NOMAD: lists are not indexed value by value.
      if (Array.isArray(value) || walk.quantities.length >= MAX_SEARCH_QUANTITIES) continue;
      const field = declaredField ?? fieldOfValue(scalar);
      const typed = typedValue(field, scalar);
      if (typed === undefined) continue;
      walk.quantities.push({
        id: `${childPath}#${walk.rootQualified}`,
        definition: `${owner}.${key}`,
        path_archive: childPath,
        [field]: typed,
      });
    }
  }
};

/** The search quantities, entry references and sections of an archive's `data` section. */
export function dataSearch(data: JsonObject, context: DataSearchContext) {
  const { definition, uploadId } = context;
  // Once per section, not per item of a repeating sub-section (a user section's name hashes its file).
  const names = new Map<ResolvedSection, string>();
  const qualify = (section: ResolvedSection) => {
    let name = names.get(section);
    if (name === undefined) names.set(section, (name = searchNameOf(section, uploadId)));
    return name;
  };
  const root = definition?.section;
  const rootQualified = root
    ? qualify(root)
    : (definition?.qualifiedName ?? definition?.name ?? `entry_id:${context.entryId}.data`);
  const walk: Walk = {
    rootQualified,
    uploadId,
    qualify,
    quantities: [],
    references: [],
    sections: new Set(),
  };
  walkSection(walk, data, 'data', root, rootQualified);
  return {
    rootQualified,
    searchQuantities: walk.quantities,
    references: walk.references,
    sections: walk.sections,
  };
}
