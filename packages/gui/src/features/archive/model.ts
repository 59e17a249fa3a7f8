import {
  parseNomadUrl,
  variantOf,
  type NomadUrl,
  type QuantityDefinition,
  type SectionDefinition,
  type SubSectionDefinition,
} from '@oasis/schema';
import { indexedKey, parseIndexedKey, resolveIndex } from '../../components/lane-browser/lanePath.ts';

/**
 * The archive as a tree of lanes (spec 3 §2 'Archive browser'): a section lists its quantities and
 * sub-sections; a repeating sub-section's items are keyed `name:index` (negative counts from the end);
 * a list quantity's items are keyed by their index; attributes (`m_attributes`) are keyed `@name`.
 * Definitions come from the built-in metainfo where it defines the path; other data (user schemas,
 * code-specific sections) is read from its shape: objects are sections, lists of objects repeat.
 */

export type ArchiveSection = Readonly<Record<string, unknown>>;

export type ArchiveNode =
  | {
      kind: 'section';
      name: string;
      /** The archive path NOMAD references use: '/run/0/calculation/1'. */
      path: string;
      section: ArchiveSection;
      definition: SectionDefinition | undefined;
    }
  | {
      kind: 'list';
      name: string;
      path: string;
      items: readonly ArchiveSection[];
      definition: SubSectionDefinition | undefined;
    }
  | {
      kind: 'quantity';
      name: string;
      path: string;
      value: unknown;
      definition: QuantityDefinition | undefined;
      attributes: ArchiveSection | undefined;
    }
  | { kind: 'attribute'; name: string; path: string; value: unknown };

export const isSection = (value: unknown): value is ArchiveSection =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSectionList = (value: unknown): value is ArchiveSection[] =>
  Array.isArray(value) && value.length > 0 && value.every(isSection);

/** An object read as a section: not a quantity value with attributes ({ m_value, m_attributes }). */
const isSubSectionValue = (value: unknown) =>
  (isSection(value) && !('m_value' in value)) || isSectionList(value);

/** Names of technical data: the metainfo's own keys (m_def, m_annotations, ...). */
export const isTechnical = (name: string) => name.startsWith('m_');
/** Names of code-specific data: NOMAD prefixes them with x_ (x_vasp_incar, ...). */
export const isCodeSpecific = (name: string) => name.startsWith('x_');

/** The section definition of an instance: the sub-section's, or the variant its m_def names. */
function sectionDefinitionOf(
  subSection: SubSectionDefinition | undefined,
  instance: ArchiveSection,
): SectionDefinition | undefined {
  if (!subSection) return undefined;
  const mDef = instance.m_def;
  return (typeof mDef === 'string' ? variantOf(subSection, mDef) : undefined) ?? subSection.section;
}

/** Quantity values may carry attributes as { m_value, m_attributes } (NOMAD's serialisation). */
function unwrapQuantity(value: unknown): { value: unknown; attributes: ArchiveSection | undefined } {
  if (isSection(value) && 'm_value' in value) {
    return {
      value: value.m_value,
      attributes: isSection(value.m_attributes) ? value.m_attributes : undefined,
    };
  }
  return { value, attributes: undefined };
}

export function rootNode(archive: ArchiveSection, definition: SectionDefinition | undefined): ArchiveNode {
  return { kind: 'section', name: '', path: '', section: archive, definition };
}

const attributeNode = (parent: ArchiveNode, attributes: ArchiveSection | undefined, name: string) =>
  attributes && name in attributes
    ? ({ kind: 'attribute', name, path: `${parent.path}@${name}`, value: attributes[name] } as const)
    : undefined;

/** The node lane key `key` opens from `parent`, or undefined when there is no such item. */
export function childNode(parent: ArchiveNode, key: string): ArchiveNode | undefined {
  if (key.startsWith('@')) {
    const attributes =
      parent.kind === 'section'
        ? (parent.section.m_attributes as ArchiveSection | undefined)
        : parent.kind === 'quantity'
          ? parent.attributes
          : undefined;
    return attributeNode(parent, isSection(attributes) ? attributes : undefined, key.slice(1));
  }
  switch (parent.kind) {
    case 'section':
      return sectionChild(parent, key);
    case 'list': {
      if (!/^-?\d+$/.test(key)) return undefined;
      const index = resolveIndex(Number(key), parent.items.length);
      const item = index === undefined ? undefined : parent.items[index];
      if (!item) return undefined;
      return {
        kind: 'section',
        name: indexedKey(parent.name, index ?? 0),
        path: `${parent.path}/${index}`,
        section: item,
        definition: sectionDefinitionOf(parent.definition, item),
      };
    }
    case 'quantity': {
      if (!Array.isArray(parent.value) || !/^-?\d+$/.test(key)) return undefined;
      const index = resolveIndex(Number(key), parent.value.length);
      if (index === undefined) return undefined;
      const definition = parent.definition && {
        ...parent.definition,
        shape: parent.definition.shape.slice(1),
      };
      return {
        kind: 'quantity',
        name: `${parent.name}/${index}`,
        path: `${parent.path}/${index}`,
        value: parent.value[index],
        definition,
        attributes: undefined,
      };
    }
    default:
      return undefined;
  }
}

function sectionChild(
  parent: Extract<ArchiveNode, { kind: 'section' }>,
  key: string,
): ArchiveNode | undefined {
  const { name, index } = parseIndexedKey(key);
  if (!(name in parent.section)) return undefined;
  const raw = parent.section[name];
  const path = `${parent.path}/${name}`;
  const quantityDefinition = parent.definition?.quantities.find((q) => q.name === name);
  const subSection = parent.definition?.sub_sections.find((s) => s.name === name);
  if (!quantityDefinition && (subSection || isSubSectionValue(raw))) {
    if (Array.isArray(raw)) {
      const items = raw.filter(isSection);
      if (index === undefined) return { kind: 'list', name, path, items, definition: subSection };
      const resolved = resolveIndex(index, items.length);
      const item = resolved === undefined ? undefined : items[resolved];
      if (!item) return undefined;
      return {
        kind: 'section',
        name: indexedKey(name, resolved ?? 0),
        path: `${path}/${resolved}`,
        section: item,
        definition: sectionDefinitionOf(subSection, item),
      };
    }
    if (!isSection(raw) || index !== undefined) return undefined;
    return { kind: 'section', name, path, section: raw, definition: sectionDefinitionOf(subSection, raw) };
  }
  if (index !== undefined) return undefined;
  return { kind: 'quantity', name, path, definition: quantityDefinition, ...unwrapQuantity(raw) };
}

/** The nodes of a lane path from the root, or the first key that names nothing. */
export function resolveKeys(
  root: ArchiveNode,
  keys: readonly string[],
): { nodes: ArchiveNode[]; missing?: string } {
  const nodes = [root];
  for (const key of keys) {
    const next = childNode(nodes[nodes.length - 1] as ArchiveNode, key);
    if (!next) return { nodes, missing: key };
    nodes.push(next);
  }
  return { nodes };
}

/** Which parts of a section the lane shows (the toolbar's toggles). */
export interface ArchiveViewOptions {
  /** Code-specific data (x_...). */
  codeSpecific: boolean;
  /** Quantities and sub-sections the definition has but this archive does not. */
  allDefined: boolean;
  /** Technical data (m_def, m_annotations, ...). */
  technical: boolean;
}

export const DEFAULT_VIEW: ArchiveViewOptions = { codeSpecific: false, allDefined: false, technical: false };

export interface SectionEntry {
  name: string;
  kind: 'quantity' | 'section' | 'repeats';
  /** False for what only the definition names (shown with 'all defined'). */
  present: boolean;
  value: unknown;
  /** Items of a repeating sub-section. */
  count: number;
  quantity: QuantityDefinition | undefined;
  description: string | undefined;
}

/** A section's quantities and sub-sections as its lane lists them. */
export function sectionEntries(
  node: Extract<ArchiveNode, { kind: 'section' }>,
  options: ArchiveViewOptions,
): { quantities: SectionEntry[]; subSections: SectionEntry[] } {
  const { section, definition } = node;
  const shown = (name: string) =>
    (options.technical || !isTechnical(name)) && (options.codeSpecific || !isCodeSpecific(name));
  const quantities: SectionEntry[] = [];
  const subSections: SectionEntry[] = [];
  for (const [name, raw] of Object.entries(section)) {
    if (!shown(name) || raw === undefined) continue;
    const quantity = definition?.quantities.find((q) => q.name === name);
    const subSection = definition?.sub_sections.find((s) => s.name === name);
    const isSub = !quantity && (subSection !== undefined || isSubSectionValue(raw));
    const base = { name, present: true, quantity, value: raw };
    if (isSub) {
      const repeats = Array.isArray(raw);
      subSections.push({
        ...base,
        kind: repeats ? 'repeats' : 'section',
        count: repeats ? raw.length : 1,
        description: subSection?.section.description,
      });
    } else {
      quantities.push({ ...base, kind: 'quantity', count: 0, description: quantity?.description });
    }
  }
  if (options.allDefined && definition) {
    for (const quantity of definition.quantities) {
      if (quantity.name in section || !shown(quantity.name)) continue;
      quantities.push({
        name: quantity.name,
        kind: 'quantity',
        present: false,
        value: undefined,
        count: 0,
        quantity,
        description: quantity.description,
      });
    }
    for (const subSection of definition.sub_sections) {
      if (subSection.name in section || !shown(subSection.name)) continue;
      subSections.push({
        name: subSection.name,
        kind: subSection.repeats ? 'repeats' : 'section',
        present: false,
        value: undefined,
        count: 0,
        quantity: undefined,
        description: subSection.section.description,
      });
    }
  }
  return { quantities, subSections };
}

/** The lane keys of an archive path ('/run/0/calculation/-1/energy' -> run:0, calculation:-1, energy). */
export function keysOfArchivePath(path: string): string[] {
  const keys: string[] = [];
  for (const segment of path.split('/').filter((s) => s !== '')) {
    if (/^-?\d+$/.test(segment) && keys.length > 0 && !/:-?\d+$/.test(keys[keys.length - 1] ?? '')) {
      keys[keys.length - 1] = `${keys[keys.length - 1]}:${segment}`;
    } else {
      keys.push(segment);
    }
  }
  return keys;
}

/** Where a reference value points: a path in this archive, or one in another entry's archive. */
export type ReferenceTarget = { entryId?: string; uploadId?: string; keys: string[] };

/**
 * Where a reference value points, in NOMAD's reference forms (spec 1 §2.3): '/run/0/system/0' and
 * '#/run/0/...' (this archive), '../upload/archive/{entry_id}#/data' (same upload),
 * '../uploads/{upload_id}/archive/{entry_id}#/...' and '/entries/{entry_id}/archive#/...'.
 */
export function referenceTarget(value: unknown): ReferenceTarget | undefined {
  let url: NomadUrl;
  try {
    url = parseNomadUrl(value);
  } catch {
    return undefined;
  }
  if (url.kind === 'data') return { keys: keysOfArchivePath(url.dataPath) };
  if (url.kind !== 'archive' || !url.entryId || !url.dataPath) return undefined;
  return {
    ...(url.uploadId ? { uploadId: url.uploadId } : {}),
    entryId: url.entryId,
    keys: keysOfArchivePath(url.dataPath),
  };
}

/** True when a quantity holds references (by definition, or by the form of its values). */
export function isReference(definition: QuantityDefinition | undefined, value: unknown): boolean {
  if (definition) return definition.type === 'reference';
  const sample = Array.isArray(value) ? value[0] : value;
  return typeof sample === 'string' && /^(#?\/[a-z_]+\/|\.\.\/uploads?\/)/i.test(sample);
}
