/**
 * The `required` specification of archive queries: '*' takes everything below, an object names the
 * sections to take (each again '*' or an object). 'include-resolved' takes the sub-tree and also what its
 * reference strings point to: sections of this archive ('/run/0/calculation/0/dos_electronic/0/energies')
 * are placed at their own paths, as NOMAD does for results that reference the run; references into other
 * entries' archives ('../upload/archive/{entry_id}#/data', '../uploads/{upload_id}/archive/{entry_id}#/…',
 * '…/archive/mainfile/{mainfile}#/…') are collected for the caller to resolve with the reader's access
 * rights. With `resolve-inplace: true` (at any level, for the levels below) resolved sections replace
 * their reference strings instead. Other keys NOMAD uses here (`max_list_size`, ...) have no effect.
 */
import { nestedDeeperThan } from '@oasis/schema';
import { validationError } from '../errors.ts';
import { MAX_ARCHIVE_REQUIRED_DEPTH, MAX_ARCHIVE_REQUIRED_KEYS } from './limits.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Path segments of an in-archive reference ('#/run/0/x' or '/run/0/x'), or undefined for other strings. */
const referencePath = (value: string): string[] | undefined => {
  const path = value.startsWith('#/') ? value.slice(2) : value.startsWith('/') ? value.slice(1) : undefined;
  if (!path || path.includes('//')) return undefined;
  return path.split('/');
};

/** Which other archive a reference names: by entry id or mainfile, in this upload or another. */
export interface ArchiveLocation {
  uploadId?: string;
  entryId?: string;
  mainfile?: string;
}

const LOCATIONS: readonly [RegExp, (match: RegExpExecArray) => ArchiveLocation][] = [
  [/^\.\.\/upload\/archive\/mainfile\/(.+)$/, (m) => ({ mainfile: m[1] })],
  [/^\.\.\/upload\/archive\/([^/]+)$/, (m) => ({ entryId: m[1] })],
  [/^\.\.\/uploads\/([^/]+)\/archive\/mainfile\/(.+)$/, (m) => ({ uploadId: m[1], mainfile: m[2] })],
  [/^\.\.\/uploads\/([^/]+)\/archive\/([^/]+)$/, (m) => ({ uploadId: m[1], entryId: m[2] })],
];

/** '../uploads/u1/archive/e1#/data' -> where the archive is and the path in it; undefined otherwise. */
export const externalReference = (
  value: string,
): { location: ArchiveLocation; path: string[] } | undefined => {
  const hash = value.indexOf('#');
  if (hash <= 0) return undefined;
  const path = referencePath(value.slice(hash + 1));
  if (!path) return undefined;
  const address = value.slice(0, hash);
  for (const [pattern, read] of LOCATIONS) {
    const match = pattern.exec(address);
    if (match) return { location: read(match), path };
  }
  return undefined;
};

/** A reference into another archive, and where its string sits in the projected archive. */
export interface ExternalReference {
  location: ArchiveLocation;
  path: string[];
  holder: Json | unknown[];
  key: string | number;
  /** Replace the string by what it resolves to (resolve-inplace), rather than adding it elsewhere. */
  inplace: boolean;
}

// Own properties only: reference strings come from uploaded files, and '/__proto__/...' must not
// reach (or later write into) Object.prototype.
export const resolve = (archive: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, part) => {
    if (Array.isArray(node)) return /^\d+$/.test(part) ? node[Number(part)] : undefined;
    return isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined;
  }, archive);

/**
 * The path with negative list indices counted from the end ('calculation/-1', as NOMAD's parsers refer
 * to a run's last calculation) made absolute in `archive`, so the value is placed where it sits there.
 */
export const absoluteIndices = (archive: unknown, path: readonly string[]): string[] => {
  let node = archive;
  return path.map((part) => {
    const absolute =
      Array.isArray(node) && /^-\d+$/.test(part) && node.length + Number(part) >= 0
        ? String(node.length + Number(part))
        : part;
    node = resolve(node, [absolute]);
    return absolute;
  });
};

interface Found {
  /** In-archive references that resolve, with where their strings sit. */
  internal: { path: string[]; holder: Json | unknown[]; key: string | number; inplace: boolean }[];
  external: ExternalReference[];
}

/**
 * Every reference string inside a value, in document order: those that resolve within the archive and
 * those into other archives. A stack, not recursion: archives come from uploaded files and may nest
 * deeper than the call stack goes.
 */
type Slot = [holder: Json | unknown[], key: string | number, item: unknown];

const collectReferences = (start: Slot, archive: unknown, into: Found, inplace: boolean): void => {
  const children = (holder: Json | unknown[]): Slot[] =>
    Array.isArray(holder)
      ? holder.map((item, index): Slot => [holder, index, item])
      : Object.entries(holder).map(([key, item]): Slot => [holder, key, item]);
  const pending: Slot[] = [start];
  // A loop, not push(...spread): lists of archives can be longer than a call takes arguments.
  const pushChildren = (holder: Json | unknown[]) => {
    const slots = children(holder);
    for (let i = slots.length - 1; i >= 0; i--) pending.push(slots[i] as Slot);
  };
  while (pending.length > 0) {
    const [holder, key, item] = pending.pop() as Slot;
    if (typeof item === 'string') {
      const written = referencePath(item);
      const path = written && absoluteIndices(archive, written);
      if (path && resolve(archive, path) !== undefined) into.internal.push({ path, holder, key, inplace });
      const external = written ? undefined : externalReference(item);
      if (external) into.external.push({ ...external, holder, key, inplace });
    } else if (Array.isArray(item) || isObject(item)) {
      pushChildren(item);
    }
  }
};

const refuse = (msg: string) => validationError([{ loc: ['body', 'required'], msg, type: 'value_error' }]);

const keyCount = (spec: unknown): number =>
  isObject(spec) ? Object.values(spec).reduce<number>((sum, sub) => sum + 1 + keyCount(sub), 0) : 0;

/**
 * Refuses a `required` tree deeper than MAX_ARCHIVE_REQUIRED_DEPTH levels (measured without recursion,
 * before anything recurses into it) or with more than MAX_ARCHIVE_REQUIRED_KEYS keys.
 */
export const checkArchiveRequired = (required: unknown): void => {
  if (nestedDeeperThan(required, MAX_ARCHIVE_REQUIRED_DEPTH))
    throw refuse(
      `The required specification is nested more than ${MAX_ARCHIVE_REQUIRED_DEPTH} levels deep; ` +
        `at most ${MAX_ARCHIVE_REQUIRED_DEPTH} are allowed.`,
    );
  const keys = keyCount(required);
  if (keys > MAX_ARCHIVE_REQUIRED_KEYS)
    throw refuse(
      `The required specification has ${keys} keys; at most ${MAX_ARCHIVE_REQUIRED_KEYS} are allowed.`,
    );
};

/** Writes `value` at `path` into `out`, creating objects and list slots on the way. */
export const place = (out: Json, path: readonly string[], value: unknown): void => {
  let node: Json | unknown[] = out;
  path.forEach((part, i) => {
    const last = i === path.length - 1;
    const nextIsIndex = !last && /^\d+$/.test(path[i + 1] ?? '');
    if (Array.isArray(node)) {
      const index = Number(part);
      // Lists keep their positions so references stay valid; earlier slots are empty sections.
      while (node.length <= index) node.push({});
      if (last) node[index] = value;
      else {
        if (!Array.isArray(node[index]) && !isObject(node[index])) node[index] = nextIsIndex ? [] : {};
        node = node[index] as Json | unknown[];
      }
    } else {
      if (last) node[part] = value;
      else {
        if (!Array.isArray(node[part]) && !isObject(node[part])) node[part] = nextIsIndex ? [] : {};
        node = node[part] as Json | unknown[];
      }
    }
  });
};

/** The projected archive and the references into other archives its include-resolved parts hold. */
export interface ProjectedArchive {
  archive: Json;
  external: ExternalReference[];
}

export const projectArchiveWithReferences = (value: unknown, required: unknown): ProjectedArchive => {
  const found: Found = { internal: [], external: [] };
  const project = (node: unknown, spec: unknown, inplace: boolean): unknown => {
    if (spec === 'include-resolved') {
      // In place, the strings are replaced in a copy: the archive read from disk stays as it is.
      const taken = inplace ? structuredClone(node) : node;
      collectReferences([{ root: taken }, 'root', taken], value, found, inplace);
      return taken;
    }
    if (spec === '*' || spec === 'include' || spec === true) return node;
    if (typeof spec !== 'object' || spec === null || typeof node !== 'object' || node === null)
      return undefined;
    const below =
      isObject(spec) && typeof spec['resolve-inplace'] === 'boolean' ? spec['resolve-inplace'] : inplace;
    if (Array.isArray(node)) return node.map((item) => project(item, spec, below));
    const out: Json = {};
    for (const [key, sub] of Object.entries(spec)) {
      if (key.startsWith('resolve') || key === 'max_list_size' || key === 'include-definition') continue;
      const name = key.replace(/\[.*\]$/, '');
      const child = (node as Json)[name];
      if (child === undefined) continue;
      if (sub === 'include-resolved') {
        // Collected here, where the holder is known: the value itself may be the reference string.
        const taken = below ? structuredClone(child) : child;
        out[name] = taken;
        collectReferences([out, name, taken], value, found, below);
        continue;
      }
      const projected = project(child, sub, below);
      if (projected !== undefined) out[name] = projected;
    }
    return out;
  };
  const result = project(value, required, false);
  const out = isObject(result) ? result : {};
  for (const { path, holder, key, inplace } of found.internal) {
    const target = resolve(value, path);
    if (inplace) {
      (holder as Record<string | number, unknown>)[key] = structuredClone(target);
    } else if (resolve(out, path) === undefined) {
      // Skip targets the projection already holds in full.
      place(out, path, structuredClone(target));
    }
  }
  return { archive: out, external: found.external };
};

export const projectArchive = (value: unknown, required: unknown): Json =>
  projectArchiveWithReferences(value, required).archive;
