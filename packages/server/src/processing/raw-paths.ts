// Parsers read files beside their mainfile (an INCAR, schema files, tables): only inside the upload's raw
// folder, with symbolic links resolved before the check, so a link cannot lead out of it.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** The real path of `path` when it lies inside `root` (itself excluded), else undefined (missing too). */
export const realPathInside = (path: string, root: string): string | undefined => {
  try {
    const real = realpathSync(path);
    const rel = relative(realpathSync(root), real);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : real;
  } catch {
    return undefined;
  }
};
