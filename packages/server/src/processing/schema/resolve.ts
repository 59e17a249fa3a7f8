// Sections as data is checked against them: every quantity and sub-section, the inherited ones included,
// with sub-sections resolved when first asked for (schemas may refer to each other in circles).
import { generateEntryId } from '../ids.ts';
import { definitionId } from './definition-ids.ts';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import { builtinSection, builtinTypeOf, qualifiedNameOf } from './builtin-sections.ts';
import { namedItems } from './raw-definitions.ts';
import { referencedFile, resolveSectionReference, splitFileKey } from './references.ts';
import type { SchemaFiles } from './schema-files.ts';

export interface ResolvedQuantity {
  name: string;
  /** The quantity as its schema defines it, normalized (description, default, annotations ...). */
  definition: JsonObject;
  /** Key of the section that defines it (the section itself, or one it inherits from). */
  definedBy: string;
  /** {type_kind, type_data}; undefined when the schema's type was not understood (a problem already). */
  type: JsonObject | undefined;
  shape: readonly unknown[];
  unit?: string;
}

export interface ResolvedSubSection {
  name: string;
  repeats: boolean;
  definition: JsonObject;
  section: () => ResolvedSection | undefined;
}

type SectionOrigin =
  { kind: 'builtin'; qualifiedName: string } | { kind: 'user'; file: string; path: string };

export interface ResolvedSection {
  /** Its built-in qualified name, or '{file}#{path}'. */
  key: string;
  name: string;
  origin: SectionOrigin;
  quantities: Map<string, ResolvedQuantity>;
  subSections: Map<string, ResolvedSubSection>;
  /** Keys of the section and of every section it inherits from. */
  ancestors: Set<string>;
  /** Keys of the sections it names as base sections. */
  bases: string[];
  /** The section's own definition, normalized (its description, annotations ...). */
  definition: JsonObject;
}

/**
 * The name search knows a section by (section_defs, search quantity ids): a built-in one's qualified name,
 * one of an upload's schema files 'entry_id:{the file's entry}.{name}'.
 */
export const searchNameOf = (section: ResolvedSection, uploadId: string): string => {
  if (section.origin.kind === 'builtin') return section.origin.qualifiedName;
  // A schema file of another upload is that upload's entry.
  const file = splitFileKey(section.origin.file);
  return `entry_id:${generateEntryId(file.uploadId ?? uploadId, file.path)}.${section.name}`;
};

const shapeOf = (quantity: JsonObject): readonly unknown[] =>
  Array.isArray(quantity.shape) ? quantity.shape : [];

const VERSIONED = /^(.*)@([0-9a-f]{40})$/;

/** Resolves sections of the upload's schemas and the built-in ones, each once per processing. */
export class SchemaResolver {
  private readonly sections = new Map<string, ResolvedSection>();
  /** Inheritance circles found, as '{name}: why'. */
  readonly problems: string[] = [];

  constructor(private readonly files: SchemaFiles) {}

  /** The section an `m_def` names as data writes it (any notation), seen from the file `from`. */
  fromMDef(mDef: string, from: string): ResolvedSection | undefined {
    // '{reference}@{versionHash}' pins one version of a user's section (spec 1 §2.3): the id processing
    // gives that definition. Only the file's current version can be read here; another is a problem.
    const versioned = VERSIONED.exec(mDef);
    const reference = versioned ? versioned[1]! : mDef;
    const target = resolveSectionReference(reference, from, (path) => this.files.rawSections(path));
    if (!target) return undefined;
    const section =
      target.kind === 'builtin'
        ? this.builtin(target.qualifiedName)
        : this.user(target.file, target.section.path);
    const version = versioned?.[2];
    if (section && version) {
      const current = section.origin.kind === 'user' ? definitionId(section.definition) : undefined;
      if (current === undefined)
        this.problems.push(`${mDef}: a version hash names a user's section, not ${section.name}`);
      else if (current !== version)
        this.problems.push(
          `${mDef}: version ${version} of ${section.name} is not the one its file defines now (${current}); the data names a version that was changed`,
        );
    }
    return section;
  }

  /** A section a normalized definition refers to: a built-in name, '#/definitions/...' or '../upload/raw/...#...'. */
  fromReference(reference: string, from: string): ResolvedSection | undefined {
    const hash = reference.indexOf('#');
    if (hash < 0) {
      const builtin = builtinSection(reference);
      return builtin ? this.builtin(builtin.qualifiedName) : undefined;
    }
    const filePart = reference.slice(0, hash);
    const file = filePart === '' ? from : referencedFile(filePart, from);
    return file === undefined ? undefined : this.user(file, reference.slice(hash + 1));
  }

  private user(file: string, path: string): ResolvedSection | undefined {
    const key = `${file}#${path}`;
    const known = this.sections.get(key);
    if (known) return known;
    const normalized = this.files.normalized(file);
    let node: unknown = normalized ? { definitions: normalized.definitions } : undefined;
    for (const part of path.split('/').filter((p) => p !== ''))
      node = Array.isArray(node) ? node[Number(part)] : isObject(node) ? node[part] : undefined;
    if (!isObject(node) || typeof node.name !== 'string') return undefined;
    const bases = Array.isArray(node.base_sections)
      ? node.base_sections.filter((b) => typeof b === 'string')
      : [];
    const quantities = namedItems(node.quantities).flatMap(([name, quantity]): ResolvedQuantity[] => {
      if (!isObject(quantity)) return [];
      const type = isObject(quantity.type) ? quantity.type : undefined;
      const unit = typeof quantity.unit === 'string' ? { unit: quantity.unit } : {};
      return [{ name, definition: quantity, definedBy: key, type, shape: shapeOf(quantity), ...unit }];
    });
    const subSections = namedItems(node.sub_sections).flatMap(([name, sub]): ResolvedSubSection[] => {
      if (!isObject(sub) || typeof sub.sub_section !== 'string') return [];
      const reference = sub.sub_section;
      const section = () => this.fromReference(reference, file);
      return [{ name, repeats: sub.repeats === true, definition: sub, section }];
    });
    const own = { key, name: node.name, origin: { kind: 'user', file, path } as const, definition: node };
    return this.build(own, quantities, subSections, () =>
      bases.map((base) => this.fromReference(base, file)),
    );
  }

  private builtin(qualifiedName: string): ResolvedSection | undefined {
    const known = this.sections.get(qualifiedName);
    if (known) return known;
    const builtin = builtinSection(qualifiedName);
    if (!builtin) return undefined;
    const { definition } = builtin;
    const quantities = definition.quantities.map((quantity) => {
      const type = builtinTypeOf(quantity);
      const unit = quantity.unit ? { unit: quantity.unit } : {};
      const { name, description, shape } = quantity;
      return {
        name,
        definition: { name, description, type, shape: [...shape], ...unit },
        definedBy: qualifiedName,
        type,
        shape,
        ...unit,
      };
    });
    const subSections = definition.sub_sections.map((sub) => ({
      name: sub.name,
      repeats: sub.repeats,
      definition: { name: sub.name, repeats: sub.repeats },
      section: () => {
        const name = qualifiedNameOf(sub.section);
        return name ? this.builtin(name) : undefined;
      },
    }));
    const own = {
      key: qualifiedName,
      name: definition.name,
      origin: { kind: 'builtin', qualifiedName } as const,
      definition: { name: definition.name, description: definition.description },
    };
    return this.build(own, quantities, subSections, () =>
      (definition.base_sections ?? []).map((base) => this.builtin(base)),
    );
  }

  /** Own properties override inherited ones; the section is known before its bases, so circles end. */
  private build(
    own: Pick<ResolvedSection, 'key' | 'name' | 'origin' | 'definition'>,
    quantities: ResolvedQuantity[],
    subSections: ResolvedSubSection[],
    bases: () => (ResolvedSection | undefined)[],
  ): ResolvedSection {
    const { key, name } = own;
    const section: ResolvedSection = {
      ...own,
      quantities: new Map(),
      subSections: new Map(),
      ancestors: new Set([key]),
      bases: [],
    };
    this.sections.set(key, section);
    for (const base of bases()) {
      if (!base) continue;
      section.bases.push(base.key);
      if (base.ancestors.has(key)) {
        this.problems.push(`${name}: inherits from itself (through ${base.name})`);
        continue;
      }
      for (const [quantity, definition] of base.quantities) section.quantities.set(quantity, definition);
      for (const [sub, definition] of base.subSections) section.subSections.set(sub, definition);
      for (const ancestor of base.ancestors) section.ancestors.add(ancestor);
    }
    for (const quantity of quantities) section.quantities.set(quantity.name, quantity);
    for (const sub of subSections) section.subSections.set(sub.name, sub);
    return section;
  }
}
