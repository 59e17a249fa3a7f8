import { isObject, itemSection, type Definitions, type Json, type SectionDefinition } from './elnModel.ts';

/** A section inside a notebook's data: its definition, its value in the draft, and where it is. */
export interface DraftSection {
  section: SectionDefinition;
  value: Json;
  /** Sub-section names and, for repeating ones, item indices from the data section down. */
  steps: readonly (string | number)[];
}

/**
 * The section an archive path names inside the data ('/data', '/data/layers/0', ...), found in the draft
 * through the sub-section definitions and the items' m_defs. Undefined outside the data, for a section the
 * draft does not hold (removed since the archive was read), or one no definition describes.
 */
export function draftSection(
  definitions: Definitions,
  root: SectionDefinition,
  draft: Json,
  archivePath: string,
  mainfile: string,
): DraftSection | undefined {
  const [first, ...rest] = archivePath.split('/').filter(Boolean);
  if (first !== 'data') return undefined;
  let section = root;
  let value = draft;
  const steps: (string | number)[] = [];
  for (let at = 0; at < rest.length; at += 1) {
    const name = rest[at]!;
    const sub = section.sub_sections.find((candidate) => candidate.name === name);
    if (!sub) return undefined;
    let item: unknown = value[name];
    steps.push(name);
    if (sub.repeats) {
      const index = Number(rest[(at += 1)]);
      if (!Array.isArray(item) || !Number.isInteger(index)) return undefined;
      item = item[index];
      steps.push(index);
    }
    if (!isObject(item)) return undefined;
    const next = itemSection(definitions, sub.section, item, mainfile);
    if (!next) return undefined;
    section = next;
    value = item;
  }
  return { section, value, steps };
}

/** The draft with the section at `steps` replaced; the sections on the way are copied, others shared. */
export function withSectionAt(draft: Json, steps: readonly (string | number)[], next: Json): Json {
  const [step, ...rest] = steps;
  if (step === undefined) return next;
  if (typeof step === 'number') throw new Error('a section path starts with a sub-section name');
  const child = draft[step];
  if (typeof rest[0] === 'number') {
    const items = Array.isArray(child) ? [...(child as Json[])] : [];
    const [index, ...below] = rest as [number, ...(string | number)[]];
    items[index] = withSectionAt(items[index] ?? {}, below, next);
    return { ...draft, [step]: items };
  }
  return { ...draft, [step]: withSectionAt(isObject(child) ? child : {}, rest, next) };
}
