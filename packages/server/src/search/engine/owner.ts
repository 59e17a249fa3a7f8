import type { Owner } from '@oasis/schema';
import type { CurrentUser } from '../../auth/current-user.ts';
import { unauthorized } from '../../errors.ts';
import { bitsOfRows } from './code-bitmaps.ts';
import { ROW, type SearchIndex, type UploadAccess } from './search-index.ts';

const ownersNeedingLogin: readonly Owner[] = ['shared', 'user', 'staging', 'admin'];

type UploadTest = (upload: UploadAccess) => boolean;

/**
 * NOMAD's owner semantics: public = published without embargo, or visible to all ('all' among the reviewer
 * groups, without embargo: even unpublished); visible = public plus what the user is a member of; shared =
 * uploads the user is a member of; user = uploads where the user is main author; staging = unpublished
 * uploads the user is a member of; all = public plus the user's own; admin = everything, admins only. A
 * user is a member as main author, co-author or reviewer, or through a co-author or reviewer group they own
 * or belong to. Unlike NOMAD, `all` leaves out other people's embargoed uploads: spec 1 §6 makes those
 * visible to their members only, and their names, formulas and authors would otherwise leak through
 * results, counts, aggregations and suggestions.
 */
export const ownerTest = (owner: Owner, user: CurrentUser | undefined): UploadTest => {
  if (!user && ownersNeedingLogin.includes(owner)) {
    throw unauthorized(`Authentication required for owner value ${owner}`);
  }
  const isPublic: UploadTest = (u) => !u.with_embargo && (u.published || u.visible_to_all === true);
  if (!user) return isPublic;
  const id = user.user_id;
  const groups = new Set(user.group_ids ?? []);
  const inGroups = (ids: readonly string[] | undefined) =>
    ids !== undefined && ids.some((g) => groups.has(g));
  const member: UploadTest = (u) => u.members.has(id) || inGroups(u.viewer_groups);
  switch (owner) {
    case 'public':
      return isPublic;
    case 'visible':
      return user.is_admin ? () => true : (u) => isPublic(u) || member(u);
    case 'shared':
      return member;
    case 'user':
      return (u) => u.main_author === id;
    case 'staging':
      return (u) => !u.published && member(u);
    case 'all':
      return user.is_admin ? () => true : (u) => isPublic(u) || member(u);
    case 'admin':
      if (!user.is_admin) throw unauthorized('This can only be used by the admin user.');
      return () => true;
  }
};

/** The searchable rows of the uploads the owner value admits, in row order. */
const ownerRows = (index: SearchIndex, test: UploadTest): Int32Array => {
  const allowed = new Uint8Array(index.uploads.length);
  index.uploads.forEach((upload, slot) => {
    if (upload && test(upload)) allowed[slot] = 1;
  });
  const rows = new Int32Array(index.rowCount);
  let n = 0;
  const { searchable, uploadOf } = index;
  for (let row = 0; row < index.rowCount; row++) {
    if (searchable[row] === ROW.searchable && allowed[uploadOf[row]!]) rows[n++] = row;
  }
  return rows.subarray(0, n);
};

/** Owner and user combinations whose visible rows are kept: a few Int32Arrays as long as the index. */
const KEPT_VISIBLE = 4;

/**
 * The visible rows of the last few owner and user combinations, kept while the index is unchanged: at a
 * million entries finding them is a scan of every row, which most requests (the same anonymous public
 * search, a user paging) would repeat.
 */
export class VisibleRows {
  private readonly kept = new Map<string, { revision: number; rows: Int32Array }>();
  /** The bitmaps of lists handed out, made when first asked for (bitsOf). */
  private readonly bits = new WeakMap<Int32Array, Uint32Array>();

  /** The bitmap of a list of visible rows this handed out, undefined for any other list. */
  bitsOf(index: SearchIndex, rows: Int32Array): Uint32Array | undefined {
    let bits = this.bits.get(rows);
    if (!bits && [...this.kept.values()].some((kept) => kept.rows === rows)) {
      bits = bitsOfRows(rows, index.rowCount);
      this.bits.set(rows, bits);
    }
    return bits;
  }

  /** The searchable rows `owner` admits for `user`, in row order; never to be changed by the caller. */
  of(index: SearchIndex, owner: Owner, user: CurrentUser | undefined): Int32Array {
    const test = ownerTest(owner, user);
    const key = JSON.stringify([owner, user?.user_id, user?.is_admin, user?.group_ids]);
    const found = this.kept.get(key);
    this.kept.delete(key);
    const rows = found?.revision === index.revision ? found.rows : ownerRows(index, test);
    // Latest last: the first key is the one used longest ago.
    this.kept.set(key, { revision: index.revision, rows });
    if (this.kept.size > KEPT_VISIBLE) this.kept.delete(this.kept.keys().next().value!);
    return rows;
  }
}
