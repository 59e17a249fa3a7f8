import { HttpError, badRequest } from '../errors.ts';
import { withoutServerPaths } from './server-paths.ts';

/**
 * A file-system error met while writing `relative` (an upload path) as an error users can act on: name
 * clashes and over-long names are 400s, a full disk a 507, all without absolute server paths. Other
 * errors keep their kind but lose the paths in their message.
 */
export const uploadWriteError = (error: unknown, relative: string): unknown => {
  if (error instanceof HttpError || !(error instanceof Error)) return error;
  const at = `Cannot write '${relative}'`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOTDIR':
      return badRequest(`${at}: a part of its path is a file, not a folder.`);
    case 'EISDIR':
      return badRequest(`${at}: a folder of that name is in the way.`);
    case 'EEXIST':
    case 'ENOTEMPTY':
      return badRequest(`${at}: a file or folder of that name is in the way.`);
    case 'ENAMETOOLONG':
      return badRequest(`${at}: the path is too long (at most 255 bytes per name).`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new HttpError(507, 'The server has no disk space left for this upload.');
    default:
      error.message = withoutServerPaths(error.message);
      return error;
  }
};
