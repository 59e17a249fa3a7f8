/**
 * The `required` specification of archive queries: '*' takes everything below, an object names the
 * sections to take (each again '*' or an object). 'include-resolved' takes the sub-tree and also the
 * archive sections its reference strings point to ('/run/0/calculation/0/dos_electronic/0/energies'),
 * placed at their own paths, as NOMAD does for results that reference the run. Other keys NOMAD uses
 * for resolving references (`resolve-inplace`, ...) are accepted and have no effect here.
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

// Own properties only: reference strings come from uploaded files, and '/__proto__/...' must not
// reach (or later write into) Object.prototype.
const resolve = (archive: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, part) => {
    if (Array.isArray(node)) return /^\d+$/.test(part) ? node[Number(part)] : undefined;
    return isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined;
  }, archive);

/**
 * Every reference string inside a value that resolves within the archive, in document order. A stack, not
 * recursion: archives come from uploaded files and may nest deeper than the call stack goes.
 */
const collectReferences = (value: unknown, archive: unknown, into: string[][]): void => {
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const path = referencePath(item);
      if (path && resolve(archive, path) !== undefined) into.push(path);
      continue;
    }
    const children = Array.isArray(item) ? item : isObject(item) ? Object.values(item) : [];
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
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
const place = (out: Json, path: readonly string[], value: unknown): void => {
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

export const projectArchive = (value: unknown, required: unknown): Json => {
  const references: string[][] = [];
  const project = (node: unknown, spec: unknown): unknown => {
    if (spec === 'include-resolved') {
      collectReferences(node, value, references);
      return node;
    }
    if (spec === '*' || spec === 'include' || spec === true) return node;
    if (typeof spec !== 'object' || spec === null || typeof node !== 'object' || node === null)
      return undefined;
    if (Array.isArray(node)) return node.map((item) => project(item, spec));
    const out: Json = {};
    for (const [key, sub] of Object.entries(spec)) {
      if (key.startsWith('resolve') || key === 'max_list_size' || key === 'include-definition') continue;
      const name = key.replace(/\[.*\]$/, '');
      const child = (node as Json)[name];
      if (child === undefined) continue;
      const projected = project(child, sub);
      if (projected !== undefined) out[name] = projected;
    }
    return out;
  };
  const result = project(value, required);
  const out = isObject(result) ? result : {};
  for (const path of references) {
    // Skip targets the projection already holds in full.
    if (resolve(out, path) === undefined) place(out, path, structuredClone(resolve(value, path)));
  }
  return out;
};
