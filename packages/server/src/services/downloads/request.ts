import type { Owner, QueryNode } from '@oasis/schema';
import { unauthorized, validationError } from '../../errors.ts';
import { globSuffixMatcher } from './glob.ts';
import { requestFromQueryString } from '../../search/get-query.ts';
import { parseRequestQuery } from '../../search/search.ts';

/** NOMAD's `Files` parameters of the download endpoints; everything else is owner and query. */
const FILE_PARAMETERS = new Set(['compress', 'glob_pattern', 're_pattern', 'include_files']);

export interface DownloadRequest {
  owner: Owner;
  node: QueryNode;
  /** Deflate the zip's files (NOMAD's default is stored: faster than most networks). */
  compress: boolean;
  /** Raw files whose upload-relative path this accepts are included; undefined includes all. */
  pathFilter?: (path: string) => boolean;
}

const list = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

const pathFilterOf = (params: Record<string, unknown>): ((path: string) => boolean) | undefined => {
  if (params.re_pattern !== undefined)
    // User regular expressions could backtrack for minutes on the event loop; globs and names cannot.
    throw validationError([
      {
        loc: ['query', 're_pattern'],
        msg: 're_pattern is not supported by this installation; use glob_pattern or include_files',
        type: 'value_error',
      },
    ]);
  const names = list(params.include_files);
  // As in NOMAD, file names are matched at the end of the path, and they win over a glob pattern.
  if (names.length > 0) return (path) => names.some((name) => path.endsWith(name));
  if (typeof params.glob_pattern === 'string') return globSuffixMatcher(params.glob_pattern);
  return undefined;
};

/**
 * The query-string form of the download endpoints: `owner`, `json_query` and GET-style quantity parameters
 * as for GET /entries, plus NOMAD's file parameters. `owner=all` is refused as NOMAD does: it would reach
 * the files of embargoed uploads.
 */
export const parseDownloadRequest = (params: Record<string, unknown>): DownloadRequest => {
  if (typeof params.json_query === 'string') {
    try {
      JSON.parse(params.json_query);
    } catch {
      throw validationError([{ loc: ['json_query'], msg: 'cannot parse json_query', type: 'value_error' }]);
    }
  }
  const queryParams = Object.fromEntries(Object.entries(params).filter(([key]) => !FILE_PARAMETERS.has(key)));
  const request = requestFromQueryString(queryParams);
  // The route's query-string schema has checked the value against the owner names.
  const owner = (request.owner ?? 'visible') as Owner;
  if (owner === 'all')
    throw unauthorized(
      'The owner=all is not allowed for this operation as it would include entries that you might not be allowed to access.',
    );
  const pathFilter = pathFilterOf(params);
  return {
    owner,
    node: parseRequestQuery(request.query),
    compress: params.compress === true || params.compress === 'true',
    ...(pathFilter ? { pathFilter } : {}),
  };
};
