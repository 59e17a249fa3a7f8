import { Group, type File as H5File } from 'h5wasm/node';
import { HttpError, notFound } from '../errors.ts';

/** Soft links pointing at soft links, at most this deep; deeper (or circular) chains do not resolve. */
const MAX_LINK_DEPTH = 16;
/** Object paths longer than this many segments are refused. */
const MAX_SEGMENTS = 256;

/**
 * Where an object path of an HDF5 file leads: an object reached through hard links only (`path` names it
 * without links), or a link that is not followed — external links never are (their target lies outside the
 * upload), broken soft links cannot be.
 */
export type ResolvedObject =
  | { kind: 'object'; path: string }
  | { kind: 'soft_link'; target: string }
  | { kind: 'external_link'; file: string; target: string };

const joinObjectPath = (parent: string, name: string): string =>
  parent === '/' ? `/${name}` : `${parent}/${name}`;

/** The last segment of an object path ('' for the root), as h5grove names entities. */
export const objectName = (path: string): string => path.split('/').at(-1) ?? '';

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** The link names of a group (a path of hard links); nothing for a dataset or datatype. */
const childNames = (h5: H5File, group: string): string[] => {
  const entity = h5.get(group);
  return entity instanceof Group ? entity.keys() : [];
};

const notValid = (path: string, fileName: string) => notFound(`${path} is not a valid path in ${fileName}`);

/**
 * Resolves `path` link by link from the root. The HDF5 library follows every link of a path it is given,
 * external links included, which would open files anywhere on the server: each prefix is looked at as a link
 * first, and only paths made of hard links reach the library's lookups.
 */
export const resolveObject = (h5: H5File, path: string, fileName: string, depth = 0): ResolvedObject => {
  if (depth > MAX_LINK_DEPTH) throw notFound(`Cannot resolve ${path} in ${fileName}: too many soft links.`);
  const segments = segmentsOf(path);
  if (segments.length > MAX_SEGMENTS) throw notValid(path, fileName);
  let current = '/';
  for (const [index, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') throw notValid(path, fileName);
    const last = index === segments.length - 1;
    const child = resolveChild(h5, current, segment, fileName, { depth });
    if (child.kind === 'object') {
      current = child.path;
      continue;
    }
    if (!last) throw notFound(`Cannot resolve ${path} in ${fileName}: it passes through a link.`);
    return child;
  }
  return { kind: 'object', path: current };
};

/**
 * One step of `resolveObject`: the link `name` in the group `parent` (a path of hard links). `listed` says
 * the name came from the group's own listing; otherwise it is looked up there first (asking the library
 * about a link that does not exist prints its error stack to the server's stderr).
 */
export const resolveChild = (
  h5: H5File,
  parent: string,
  name: string,
  fileName: string,
  { depth = 0, listed = false }: { depth?: number; listed?: boolean } = {},
): ResolvedObject => {
  const candidate = joinObjectPath(parent, name);
  if (!listed && !childNames(h5, parent).includes(name)) throw notValid(candidate, fileName);
  const external = h5.get_external_link(candidate) as { filename?: string; obj_path?: string };
  if (external.filename !== undefined)
    return { kind: 'external_link', file: external.filename, target: external.obj_path ?? '' };
  const soft = h5.get_link(candidate) as string | null;
  if (soft) {
    const target = soft.startsWith('/') ? soft : joinObjectPath(parent, soft);
    try {
      const resolved = resolveObject(h5, target, fileName, depth + 1);
      return resolved.kind === 'object' ? resolved : { kind: 'soft_link', target: soft };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return { kind: 'soft_link', target: soft };
      throw error;
    }
  }
  return { kind: 'object', path: candidate };
};
