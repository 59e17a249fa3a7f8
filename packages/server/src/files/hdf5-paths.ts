import { Group, type File as H5File } from 'h5wasm/node';
import { badRequest } from '../errors.ts';
import { objectAt } from './hdf5-meta.ts';
import { resolveObject } from './hdf5-objects.ts';

/**
 * h5grove's `paths` lists at most this many object paths (the group's own included; about 65 µs each, so
 * the reader's thread is busy for about 0.7 s at most on an idle core). A larger listing is refused rather
 * than cut short: h5web searches the names it receives, and a silently partial list would make objects
 * look absent.
 */
const MAX_LISTED_PATHS = 10_000;
/**
 * Groups nested deeper than this below the listed group are refused: hard links can form cycles, and each
 * lookup walks its whole path (256 levels took 25 s). NeXus files nest about ten deep.
 */
const MAX_LISTED_DEPTH = 32;

const joinObjectPath = (parent: string, name: string): string =>
  parent === '/' ? `/${name}` : `${parent}/${name}`;

/** Whether the link at `path` (in a group reached by hard links) is a hard link to a group. */
const isHardGroup = (h5: H5File, path: string): boolean => {
  const external = h5.get_external_link(path) as { filename?: string };
  if (external.filename !== undefined) return false;
  if (h5.get_link(path) as string | null) return false;
  return h5.get(path) instanceof Group;
};

/**
 * Every object path below the group at `path`, the group's own first, depth first and by name within a
 * group, as h5grove lists them: soft and external links are listed but not followed. Each link looked at
 * becomes a listed path, so the traversal's cost is bounded by `MAX_LISTED_PATHS` too.
 */
export const listObjectPaths = (h5: H5File, path: string, fileName: string): string[] => {
  const resolved = resolveObject(h5, path, fileName);
  if (resolved.kind !== 'object' || !(objectAt(h5, resolved.path) instanceof Group))
    throw badRequest(`${path} is not a group.`);
  const tooMany = () =>
    badRequest(`${path} in ${fileName} holds more than ${MAX_LISTED_PATHS} objects; search a smaller group.`);
  // Listed under the path asked for, walked through the hard-link path it resolves to.
  const listedRoot = path === '' ? '/' : path.replace(/(.)\/+$/, '$1');
  const paths = [listedRoot];
  const visit = (listed: string, real: string, depth: number) => {
    if (depth > MAX_LISTED_DEPTH)
      throw badRequest(`${path} in ${fileName} nests groups more than ${MAX_LISTED_DEPTH} deep.`);
    const group = h5.get(real) as Group;
    for (const name of group.keys()) {
      if (paths.length >= MAX_LISTED_PATHS) throw tooMany();
      const child = joinObjectPath(listed, name);
      paths.push(child);
      const realChild = joinObjectPath(real, name);
      if (isHardGroup(h5, realChild)) visit(child, realChild, depth + 1);
    }
  };
  visit(listedRoot, resolved.path, 0);
  return paths;
};
