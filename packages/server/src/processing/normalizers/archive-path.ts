// Addressing and reading NOMAD archive sections. Results reference run/workflow data by path
// strings ('/run/0/calculation/3/dos_electronic/0/energies'), as NOMAD serialises references; the
// readers turn the untyped parser sections into checked numbers and arrays.
import { isSection, type Section } from './normalizer.ts';

/**
 * The value a reference path points at inside the archive, or undefined when nothing is there.
 * Accepts NOMAD's forms '/run/0/system/1' and '#/run/0/system/1'; throws on other strings.
 */
export function resolveArchivePath(archive: unknown, path: string): unknown {
  const local = path.startsWith('#') ? path.slice(1) : path;
  if (!local.startsWith('/')) {
    throw new Error(`archive reference '${path}' must start with '/' or '#/'`);
  }
  let node: unknown = archive;
  for (const part of local.split('/').filter((p) => p !== '')) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(part)) return undefined;
      node = node[Number(part)];
    } else if (isSection(node)) {
      // Own properties only: a reference from a file must not reach Object.prototype ('/__proto__').
      node = Object.hasOwn(node, part) ? node[part] : undefined;
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * The section a reference points at; undefined when the reference is no path string, is malformed
 * or points at nothing or at a value that is not a section (parsers' references are not trusted).
 */
export function referencedSection(archive: unknown, ref: unknown): Section | undefined {
  if (typeof ref !== 'string') return undefined;
  try {
    const target = resolveArchivePath(archive, ref);
    return isSection(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

/** The element index of a reference's last path part ('/run/0/system/4' -> 4), if it is one. */
export function referenceIndex(path: string): number | undefined {
  const last = path.split('/').pop() ?? '';
  return /^\d+$/.test(last) ? Number(last) : undefined;
}

/** [index, section] pairs of a repeating sub-section; indices stay those of the archive. */
export function indexedSections(value: unknown): [number, Section][] {
  if (!Array.isArray(value)) return [];
  const out: [number, Section][] = [];
  value.forEach((item: unknown, index) => {
    if (isSection(item)) out.push([index, item]);
  });
  return out;
}

export function sectionAt(parent: Section | undefined, key: string): Section | undefined {
  const value = parent?.[key];
  return isSection(value) ? value : undefined;
}

export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A calculation's simulated time: `time`, else time_physical (which parsers that write both use for the
 * elapsed wall time).
 */
export function simulatedTime(calculation: Section): number | undefined {
  return finiteNumber(calculation.time) ?? finiteNumber(calculation.time_physical);
}

/** An energy given either as a number or as an energy entry section `{ value }`. */
export function energyValue(value: unknown): number | undefined {
  return isSection(value) ? finiteNumber(value.value) : finiteNumber(value);
}

export function numberArray(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (value as number[]) : undefined;
}

function numberMatrix(value: unknown): number[][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows = value.map(numberArray);
  return rows.every((r) => r !== undefined) ? (rows as number[][]) : undefined;
}

/** A [spin][k][band] (or similar) rank-3 array of finite numbers. */
export function numberTensor3(value: unknown): number[][][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const blocks = value.map(numberMatrix);
  return blocks.every((b) => b !== undefined) ? (blocks as number[][][]) : undefined;
}

/** Rows of three numbers ([[x, y, z], ...]), as positions, forces and cells are stored. */
export function vectors3(value: unknown): [number, number, number][] | undefined {
  const matrix = numberMatrix(value);
  if (!matrix || !matrix.every((row) => row.length === 3)) return undefined;
  return matrix as [number, number, number][];
}

/**
 * Copies into `target` every key of `computed` that `target` lacks, descending into sections both
 * have. Values already present (from the parser or an uploaded archive) win over computed ones.
 */
export function fillMissing(target: Section, computed: Section): void {
  for (const [key, value] of Object.entries(computed)) {
    if (value === undefined) continue;
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (isSection(existing) && isSection(value)) fillMissing(existing, value);
  }
}
