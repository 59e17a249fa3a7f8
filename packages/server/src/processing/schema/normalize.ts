// A schema as NOMAD stores it in the archive: the package's `section_definitions` as lists, quantities'
// types as {type_kind, type_data}, every section reference resolved to '#/definitions/section_definitions/i'
// (or '../upload/raw/{file}#...' and built-in qualified names), inline sub-section definitions moved into
// their parent's `inner_section_definitions`, annotations as lists. What cannot be resolved or understood
// is a problem, named by the definition it is in.
import { parseUnit } from '@oasis/schema';
import { isObject, type JsonObject } from '../parsers/archive-schema.ts';
import { innerSectionsOf, namedItems } from './raw-definitions.ts';
import { normalizedReference, resolveSectionReference, type DefinitionFiles } from './references.ts';

const SECTION_DEF = 'nomad.metainfo.metainfo.Section';
const QUANTITY_DEF = 'nomad.metainfo.metainfo.Quantity';
const SUB_SECTION_DEF = 'nomad.metainfo.metainfo.SubSection';
const PACKAGE_DEF = 'nomad.metainfo.metainfo.Package';
export const DATETIME = 'nomad.metainfo.data_type.Datetime';
export const QUERY = 'nomad.datamodel.data.Query';

export interface NormalizedPackage {
  definitions: JsonObject;
  /** '{Section}.{quantity}: why', one per definition that could not be understood. */
  problems: string[];
}

/** Type names NOMAD's schema language takes, by how a schema may write them. */
const NAMED_TYPES: Record<string, { type_kind: string; type_data: string }> = {
  str: { type_kind: 'python', type_data: 'str' },
  string: { type_kind: 'python', type_data: 'str' },
  int: { type_kind: 'python', type_data: 'int' },
  integer: { type_kind: 'python', type_data: 'int' },
  float: { type_kind: 'python', type_data: 'float' },
  bool: { type_kind: 'python', type_data: 'bool' },
  boolean: { type_kind: 'python', type_data: 'bool' },
  Datetime: { type_kind: 'custom', type_data: DATETIME },
  datetime: { type_kind: 'custom', type_data: DATETIME },
  'nomad.metainfo.Datetime': { type_kind: 'custom', type_data: DATETIME },
  [DATETIME]: { type_kind: 'custom', type_data: DATETIME },
  JSON: { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.JSON' },
  'nomad.metainfo.JSON': { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.JSON' },
  // A stored search (QueryEditQuantity): owner, query, pagination, filters and optionally its results.
  Query: { type_kind: 'custom', type_data: QUERY },
  [QUERY]: { type_kind: 'custom', type_data: QUERY },
  User: { type_kind: 'User', type_data: 'User' },
  Author: { type_kind: 'Author', type_data: 'Author' },
};

const NUMPY = /^(?:np|numpy)\.(float(?:16|32|64)|u?int(?:8|16|32|64)|bool_?|complex(?:64|128))$/;

/** Keys of definitions carried over as written. */
const KEPT_SECTION_KEYS = ['description', 'label_quantity', 'links', 'aliases', 'attributes', 'more'];
const KEPT_QUANTITY_KEYS = [
  'description',
  'shape',
  'default',
  'links',
  'aliases',
  'variable',
  'dimensionality',
  'attributes',
  'more',
];
const KEPT_SUB_SECTION_KEYS = ['description', 'links', 'more'];

const copyKeys = (from: JsonObject, keys: readonly string[], to: JsonObject) => {
  for (const key of keys) if (from[key] !== undefined && from[key] !== null) to[key] = from[key];
};

/** NOMAD keeps each annotation as a list of annotation objects. */
const annotations = (value: unknown): JsonObject | undefined => {
  if (!isObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, annotation]) => [key, isObject(annotation) ? [annotation] : annotation]),
  );
};

/** NOMAD names a sub-section's inline section after it: 'pvd_evaporation' defines 'PvdEvaporation'. */
const camelCase = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

class Normalizer {
  readonly problems: string[] = [];

  constructor(
    private readonly file: string,
    private readonly files: DefinitionFiles,
  ) {}

  reference(reference: string): string | undefined {
    const target = resolveSectionReference(reference, this.file, this.files);
    return target ? normalizedReference(target, this.file) : undefined;
  }

  type(written: unknown, label: string): JsonObject | undefined {
    if (written === undefined || written === null) {
      this.problems.push(`${label}: the quantity has no type`);
      return undefined;
    }
    if (isObject(written)) return this.typeObject(written, label);
    if (typeof written !== 'string') {
      this.problems.push(`${label}: the type ${JSON.stringify(written)} is not a type name`);
      return undefined;
    }
    const named = NAMED_TYPES[written];
    if (named) return { ...named };
    const numpy = NUMPY.exec(written);
    if (numpy) return { type_kind: 'numpy', type_data: numpy[1]!.replace(/_$/, '') };
    const reference = this.reference(written);
    if (reference) return { type_kind: 'reference', type_data: reference };
    this.problems.push(
      written.includes('#') || written.includes('/')
        ? `${label}: the referenced section '${written}' cannot be resolved`
        : `${label}: unknown type '${written}'`,
    );
    return undefined;
  }

  private typeObject(written: JsonObject, label: string): JsonObject | undefined {
    const kind = String(written.type_kind ?? '');
    const data = written.type_data;
    if (/^enum$/i.test(kind)) {
      if (Array.isArray(data) && data.length > 0 && data.every((value) => typeof value === 'string'))
        return { type_kind: 'Enum', type_data: data };
      this.problems.push(`${label}: an Enum type needs a list of values as type_data`);
      return undefined;
    }
    if (kind === 'reference' && typeof data === 'string') {
      const reference = this.reference(data);
      if (reference) return { type_kind: 'reference', type_data: reference };
      this.problems.push(`${label}: the referenced section '${data}' cannot be resolved`);
      return undefined;
    }
    if (kind === 'python' || kind === 'numpy' || kind === 'custom' || kind === 'quantity_reference')
      return typeof data === 'string' ? { type_kind: kind, type_data: data } : this.badKind(label, written);
    return this.badKind(label, written);
  }

  private badKind(label: string, written: JsonObject): undefined {
    this.problems.push(`${label}: the type ${JSON.stringify(written)} is not understood`);
    return undefined;
  }

  quantity(name: string, written: unknown, label: string): JsonObject {
    const quantity: JsonObject = { m_def: QUANTITY_DEF, name };
    const body = isObject(written) ? written : {};
    const type = this.type(body.type, label);
    if (type) quantity.type = type;
    copyKeys(body, KEPT_QUANTITY_KEYS, quantity);
    if (body.shape !== undefined && !Array.isArray(body.shape))
      this.problems.push(`${label}: the shape must be a list, as ['*'] or [3, 3]`);
    if (typeof body.unit === 'string') {
      try {
        parseUnit(body.unit);
        quantity.unit = body.unit;
      } catch (error) {
        this.problems.push(
          `${label}: the unit '${body.unit}' is not understood (${(error as Error).message})`,
        );
      }
    }
    const annotated = annotations(body.m_annotations);
    if (annotated) quantity.m_annotations = annotated;
    return quantity;
  }

  section(name: string, body: JsonObject, path: string, label: string): JsonObject {
    const section: JsonObject = { m_def: SECTION_DEF, name };
    copyKeys(body, KEPT_SECTION_KEYS, section);
    const writtenBases = [
      ...(typeof body.base_section === 'string' ? [body.base_section] : []),
      ...(Array.isArray(body.base_sections) ? body.base_sections : []),
      ...(typeof body.base_sections === 'string' ? [body.base_sections] : []),
    ];
    const bases = writtenBases.flatMap((base) => {
      const reference = typeof base === 'string' ? this.reference(base) : undefined;
      if (reference === undefined)
        this.problems.push(`${label}: the base section ${JSON.stringify(base)} cannot be resolved`);
      return reference === undefined ? [] : [reference];
    });
    if (bases.length > 0) section.base_sections = bases;
    const quantities = namedItems(body.quantities).map(([quantity, written]) =>
      this.quantity(quantity, written, `${label}.${quantity}`),
    );
    if (quantities.length > 0) section.quantities = quantities;
    const inner = innerSectionsOf(body).map(([innerName, innerBody], index) =>
      this.section(
        innerName,
        innerBody,
        `${path}/inner_section_definitions/${index}`,
        `${label}.${innerName}`,
      ),
    );
    const subSections = namedItems(body.sub_sections).flatMap(([subName, written]) => {
      const sub = this.subSection(subName, written, `${label}.${subName}`, (inline) => {
        const innerPath = `${path}/inner_section_definitions/${inner.length}`;
        const innerName = typeof inline.name === 'string' ? inline.name : camelCase(subName);
        inner.push(this.section(innerName, inline, innerPath, `${label}.${subName}`));
        return `#${innerPath}`;
      });
      return sub ? [sub] : [];
    });
    if (subSections.length > 0) section.sub_sections = subSections;
    if (inner.length > 0) section.inner_section_definitions = inner;
    const annotated = annotations(body.m_annotations);
    if (annotated) section.m_annotations = annotated;
    return section;
  }

  private subSection(
    name: string,
    written: unknown,
    label: string,
    placeInline: (body: JsonObject) => string,
  ): JsonObject | undefined {
    const body = isObject(written) ? written : {};
    const target = body.sub_section ?? body.section;
    let reference: string | undefined;
    if (isObject(target)) reference = placeInline(target);
    else if (typeof target === 'string') {
      reference = this.reference(target);
      if (!reference)
        this.problems.push(`${label}: the sub-section's section '${target}' cannot be resolved`);
    } else this.problems.push(`${label}: the sub-section has no section definition`);
    if (!reference) return undefined;
    // NOMAD writes `repeats` only when it is true.
    const sub: JsonObject = { m_def: SUB_SECTION_DEF, name, sub_section: reference };
    if (body.repeats === true) sub.repeats = true;
    copyKeys(body, KEPT_SUB_SECTION_KEYS, sub);
    const annotated = annotations(body.m_annotations);
    if (annotated) sub.m_annotations = annotated;
    return sub;
  }
}

/** Normalizes the `definitions` of the archive file `file` (an upload path). */
export const normalizePackage = (
  definitions: JsonObject,
  file: string,
  files: DefinitionFiles,
): NormalizedPackage => {
  const normalizer = new Normalizer(file, files);
  const top = [...namedItems(definitions.sections), ...namedItems(definitions.section_definitions)].filter(
    (item): item is [string, JsonObject] => isObject(item[1]),
  );
  const sections = top.map(([name, body], index) =>
    normalizer.section(name, body, `/definitions/section_definitions/${index}`, name),
  );
  const normalized: JsonObject = { m_def: PACKAGE_DEF };
  if (typeof definitions.name === 'string') normalized.name = definitions.name;
  if (typeof definitions.description === 'string') normalized.description = definitions.description;
  normalized.section_definitions = sections;
  return { definitions: normalized, problems: normalizer.problems };
};
