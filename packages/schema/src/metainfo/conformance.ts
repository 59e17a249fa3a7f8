import { archiveDefinition } from './builtin/archive.ts';
import { sectionsOf, variantOf } from './lookup.ts';
import type { QuantityDefinition, SectionDefinition, Shape, SubSectionDefinition } from './model.ts';
import { scalarProblem } from './values.ts';

/**
 * Checks archive data against the metainfo definitions: every key a defined quantity or sub-section,
 * every value of its quantity's type and shape, every sub-section a section (a list where it repeats).
 * What the archive's own bookkeeping adds (m_def, m_annotations) is allowed anywhere.
 */

export interface ConformanceProblem {
  /** Where, with indices: 'run/0/calculation/3/energy/total/value'. */
  readonly path: string;
  readonly problem: string;
}

const BOOKKEEPING = new Set(['m_def', 'm_annotations', 'm_parent_index', 'm_parent_sub_section']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a value does not have a shape (one array level per dimension, fixed lengths kept), or undefined. */
function shapeProblem(quantity: QuantityDefinition, value: unknown, shape: Shape): string | undefined {
  if (shape.length === 0) {
    if (value === null) return undefined;
    return scalarProblem(quantity, value) === undefined
      ? undefined
      : `${JSON.stringify(value)?.slice(0, 40)} is not a ${quantity.type === 'enum' ? `value of ${quantity.values.join(', ')}` : quantity.type}`;
  }
  if (!Array.isArray(value)) return `expected ${shape.length} array level(s) (shape [${shape.join(', ')}])`;
  const [length, ...inner] = shape;
  if (typeof length === 'number' && value.length !== length)
    return `has ${value.length} values where the shape says ${length}`;
  for (const element of value) {
    const problem = shapeProblem(quantity, element, inner);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Whether an `m_def` of a sub-section with variants names neither a variant nor the base definition
 * (whose class name it then ends with, e.g. 'nomad.datamodel.metainfo.workflow.Workflow').
 */
const unknownVariant = (subSection: SubSectionDefinition, mDef: string): boolean =>
  subSection.variants !== undefined && mDef.split('.').pop() !== subSection.section.name;

function checkSection(
  section: SectionDefinition,
  data: Record<string, unknown>,
  path: string,
  problems: ConformanceProblem[],
): void {
  for (const [key, value] of Object.entries(data)) {
    if (BOOKKEEPING.has(key) || value === undefined) continue;
    const at = path ? `${path}/${key}` : key;
    const quantity = section.quantities.find((q) => q.name === key);
    if (quantity) {
      const problem = shapeProblem(quantity, value, quantity.shape);
      if (problem) problems.push({ path: at, problem });
      continue;
    }
    const subSection = section.sub_sections.find((s) => s.name === key);
    if (!subSection) {
      problems.push({ path: at, problem: `${section.name} defines no '${key}'` });
      continue;
    }
    const children = subSection.repeats ? value : [value];
    if (!Array.isArray(children)) {
      problems.push({ path: at, problem: `'${key}' repeats: expected a list of sections` });
      continue;
    }
    children.forEach((child, index) => {
      const childPath = subSection.repeats ? `${at}/${index}` : at;
      if (!isObject(child)) {
        problems.push({ path: childPath, problem: 'expected a section' });
        return;
      }
      const declared = typeof child.m_def === 'string' ? variantOf(subSection, child.m_def) : undefined;
      if (typeof child.m_def === 'string' && !declared && unknownVariant(subSection, child.m_def)) {
        problems.push({
          path: `${childPath}/m_def`,
          problem: `'${child.m_def}' names no known definition of ${subSection.section.name} (${Object.keys(subSection.variants ?? {}).join(', ')})`,
        });
      }
      // Without a declared variant, the data may follow any of the sub-section's definitions.
      const candidates = declared ? [declared] : sectionsOf(subSection);
      let best: ConformanceProblem[] | undefined;
      for (const candidate of candidates) {
        const found: ConformanceProblem[] = [];
        checkSection(candidate, child, childPath, found);
        if (!best || found.length < best.length) best = found;
        if (found.length === 0) break;
      }
      problems.push(...(best ?? []));
    });
  }
}

/** The problems of archive data against the definitions (the archive root unless another is given). */
export function conformanceProblems(
  data: Record<string, unknown>,
  root: SectionDefinition = archiveDefinition,
): ConformanceProblem[] {
  const problems: ConformanceProblem[] = [];
  checkSection(root, data, '', problems);
  return problems;
}
