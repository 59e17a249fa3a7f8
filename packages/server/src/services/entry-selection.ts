import type { Owner, QueryNode } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppContext } from '../context.ts';
import { ownerTest } from '../search/engine/owner.ts';
import { parseRequestQuery, searchScope } from '../search/search.ts';

/** An entry of an upload as far as selecting it by query needs. */
export interface EntryFile {
  entry_id: string;
  mainfile: string;
}

/** Quantities a query may select entries of one upload by without the search index. */
const DIRECT_KEYS = new Set(['entry_id', 'mainfile', 'upload_id']);

const strings = (value: unknown): string[] | undefined => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { any, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length === 0) return strings(any);
  }
  return undefined;
};

/**
 * The criteria of a query that only names entry ids, mainfiles or the upload (`{entry_id: [...]}`,
 * `{'mainfile:any': [...]}`, `{upload_id: ...}`, `{entry_id: {any: [...]}}`), by quantity; undefined for
 * any other query.
 */
const directCriteria = (query: Record<string, unknown>): Map<string, Set<string>> | undefined => {
  const criteria = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(query)) {
    const quantity = key.endsWith(':any') ? key.slice(0, -':any'.length) : key;
    const values = strings(value);
    if (!DIRECT_KEYS.has(quantity) || !values) return undefined;
    const earlier = criteria.get(quantity);
    // The same quantity twice (entry_id and entry_id:any): both must hold.
    criteria.set(quantity, new Set(earlier ? values.filter((v) => earlier.has(v)) : values));
  }
  return criteria;
};

/**
 * The entries of one upload (`entries`, all of them) that `query` selects. Queries on entry ids,
 * mainfiles and the upload id are answered from the entries themselves, so entries still waiting for
 * processing count too; any other query goes through the search index (processed entries only) with
 * NOMAD's query language and `owner`, and is refused with 422 when it does not parse.
 */
export const selectUploadEntries = async (
  ctx: AppContext,
  user: CurrentUser,
  upload: { upload_id: string; entries: EntryFile[] },
  query: Record<string, unknown>,
  owner: Owner,
): Promise<EntryFile[]> => {
  // Refuses owner values the caller may not use, whichever way the query is answered.
  ownerTest(owner, user);
  const direct = directCriteria(query);
  if (direct) {
    const valueOf = (entry: EntryFile, quantity: string) =>
      quantity === 'upload_id' ? upload.upload_id : quantity === 'entry_id' ? entry.entry_id : entry.mainfile;
    return upload.entries.filter((entry) =>
      [...direct].every(([quantity, values]) => values.has(valueOf(entry, quantity))),
    );
  }
  const node: QueryNode = {
    kind: 'and',
    items: [parseRequestQuery(query), parseRequestQuery({ upload_id: upload.upload_id })],
  };
  const scope = await searchScope(ctx.search, user, owner, node);
  const ids = new Set(Array.from(scope.matching, (row) => scope.index.entryIds.at(row)));
  return upload.entries.filter((entry) => ids.has(entry.entry_id));
};
