// The contract every normaliser follows. Normalisers run in order after a successful parse; each
// reads the parser's NOMAD-shaped sections (run, workflow, data) and the representative structure,
// and fills its part of archive.results. A normaliser that throws is logged as an ERROR and the
// entry is kept, as NOMAD does.
import type { LogLevel } from '@oasis/schema';
import type { Structure } from '../structure.ts';
import type { DeclaredSymmetry } from '../types.ts';

export type Section = Record<string, unknown>;

export interface NormalizerContext {
  /** The archive being built: parser sections plus metadata; normalisers add `results`. */
  archive: Section & { results: Section };
  /** The representative structure (the last ionic step, the first frame ...), if the entry has one. */
  structure?: Structure;
  declaredSymmetry?: DeclaredSymmetry;
  log: (level: LogLevel, event: string) => void;
}

export interface Normalizer {
  /** Short name used in log events ('material', 'method' ...). */
  name: string;
  normalize: (context: NormalizerContext) => void | Promise<void>;
}

export function isSection(value: unknown): value is Section {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The sub-section at `path` below `parent`, created (as an empty object) where missing. */
export function ensureSection(parent: Section, ...path: string[]): Section {
  let node = parent;
  for (const key of path) {
    const child = node[key];
    if (isSection(child)) node = child;
    else {
      const created: Section = {};
      node[key] = created;
      node = created;
    }
  }
  return node;
}
