import type { EditableMetadata } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import type { DetailItem } from '../errors.ts';
import { findDatasetRefs, type DatasetRow } from '../store/datasets.ts';
import { existingGroupIds } from '../store/groups.ts';
import { resolveUserRefs } from '../store/upload-metadata.ts';
import { VISIBLE_TO_ALL } from '../auth/access.ts';

export type ListOps = Partial<Record<'set' | 'add' | 'remove', string[]>>;

/**
 * An edit's values after checking (NOMAD's "verified metadata"): lists as operations, users, groups and
 * datasets as ids, empty texts as null (a cleared value).
 */
export interface VerifiedMetadata {
  upload_name?: string | null;
  embargo_length?: number;
  coauthors?: ListOps;
  reviewers?: ListOps;
  coauthor_groups?: ListOps;
  reviewer_groups?: ListOps;
  comment?: string | null;
  references?: ListOps;
  datasets?: ListOps;
  entry_name?: string | null;
}

export const UPLOAD_FIELDS = [
  'upload_name',
  'embargo_length',
  'coauthors',
  'reviewers',
  'coauthor_groups',
  'reviewer_groups',
] as const;
type ListField =
  'coauthors' | 'reviewers' | 'coauthor_groups' | 'reviewer_groups' | 'references' | 'datasets';

type RawList =
  string | string[] | { set?: string | string[]; add?: string | string[]; remove?: string | string[] };

const asList = (value: string | string[]) => [...new Set(Array.isArray(value) ? value : [value])];

/** NOMAD's URL check on references: an absolute http(s) URL with a host. */
const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** What one request's values name, resolved in one go: users, groups and datasets. */
interface Resolved {
  users: Map<string, string>;
  groups: Set<string>;
  datasets: { byId: Map<string, DatasetRow>; byName: Map<string, DatasetRow> };
}

/**
 * Checks the metadata objects of an edit request (its `metadata` and each of its `entries`) as NOMAD's
 * MetadataEditRequestHandler does. Problems are collected with their location; the caller raises them.
 */
export class EditVerifier {
  readonly errors: DetailItem[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly user: CurrentUser,
  ) {}

  error(loc: string[], msg: string): void {
    this.errors.push({ loc, msg, type: 'value_error' });
  }

  /** Verifies every given object; `uploadLevel` says where upload fields may be set. */
  async verifyAll(
    items: ReadonlyArray<{ raw: EditableMetadata; loc: string[]; uploadLevel: boolean }>,
  ): Promise<VerifiedMetadata[]> {
    const normalized = items.map(({ raw, loc, uploadLevel }) => this.normalize(raw, loc, uploadLevel));
    const resolved = await this.resolve(normalized.map((n) => n.lists));
    return normalized.map(({ scalars, lists, loc }) => {
      const verified: VerifiedMetadata = { ...scalars };
      for (const [field, ops] of lists) {
        const checked = this.checkList(field, ops, resolved, [...loc, field]);
        if (checked) verified[field] = checked;
      }
      return verified;
    });
  }

  private normalize(raw: EditableMetadata, loc: string[], uploadLevel: boolean) {
    const scalars: Omit<VerifiedMetadata, ListField> = {};
    const lists = new Map<ListField, ListOps>();
    for (const [field, value] of Object.entries(raw) as Array<[keyof EditableMetadata, unknown]>) {
      if (value === undefined || value === null) continue;
      const at = [...loc, field];
      if ((UPLOAD_FIELDS as readonly string[]).includes(field) && !uploadLevel) {
        this.error(at, 'Quantity can only be edited on the upload level');
        continue;
      }
      if (field === 'upload_name' || field === 'entry_name')
        scalars[field] = (value as string).trim() || null;
      else if (field === 'comment') scalars.comment = (value as string) || null;
      else if (field === 'embargo_length') scalars.embargo_length = value as number;
      else {
        const ops = this.listOps(field, value as RawList, at);
        if (ops) lists.set(field, ops);
      }
    }
    return { scalars, lists, loc };
  }

  private listOps(field: ListField, raw: RawList, loc: string[]): ListOps | undefined {
    if (typeof raw === 'string' || Array.isArray(raw))
      return field === 'datasets' ? { add: asList(raw) } : { set: asList(raw) };
    const ops: ListOps = {};
    for (const op of ['set', 'add', 'remove'] as const) {
      const values = raw[op];
      if (values !== undefined) ops[op] = asList(values);
    }
    if (Object.keys(ops).length === 0) return void this.error(loc, 'No operation specified');
    if (ops.set && (ops.add || ops.remove))
      return void this.error(loc, 'Cannot specify both `set` and `add`/`remove` operations');
    if (field === 'datasets' && ops.set)
      return void this.error(loc, 'Only `add` and `remove` operations permitted for datasets');
    return ops;
  }

  private async resolve(lists: ReadonlyArray<Map<ListField, ListOps>>): Promise<Resolved> {
    const named = (fields: ListField[]) =>
      lists.flatMap((map) => fields.flatMap((field) => Object.values(map.get(field) ?? {}).flat()));
    const groupRefs = named(['coauthor_groups', 'reviewer_groups']).filter((g) => g !== VISIBLE_TO_ALL);
    return {
      users: await resolveUserRefs(this.db, [...new Set(named(['coauthors', 'reviewers']))]),
      groups: await existingGroupIds(this.db, [...new Set(groupRefs)]),
      datasets: await findDatasetRefs(this.db, [...new Set(named(['datasets']))], this.user.user_id),
    };
  }

  /** Each value checked and mapped to its id; the first problem of a field is reported. */
  private checkList(field: ListField, ops: ListOps, resolved: Resolved, loc: string[]): ListOps | undefined {
    const verified: ListOps = {};
    try {
      for (const [op, values] of Object.entries(ops) as Array<[keyof ListOps, string[]]>)
        verified[op] = [...new Set(values.map((value) => this.checkValue(field, op, value, resolved)))];
    } catch (error) {
      if (!(error instanceof EditValueError)) throw error;
      return void this.error(loc, error.message);
    }
    const removed = new Set(verified.remove ?? []);
    if ((verified.add ?? []).some((value) => removed.has(value)))
      return void this.error(loc, 'The same value cannot be specified for both `add` and `remove`');
    return verified;
  }

  private checkValue(field: ListField, op: keyof ListOps, value: string, resolved: Resolved): string {
    const fail = (msg: string): never => {
      throw new EditValueError(msg);
    };
    switch (field) {
      case 'coauthors':
      case 'reviewers':
        return resolved.users.get(value) ?? fail(`User reference not found: \`${value}\``);
      case 'coauthor_groups':
      case 'reviewer_groups':
        if (value === VISIBLE_TO_ALL) {
          if (field === 'coauthor_groups') fail("Special group 'all' is invalid for field coauthor_groups.");
          return value;
        }
        return resolved.groups.has(value) ? value : fail(`User group '${value}' does not exist.`);
      case 'references':
        return isUrl(value) ? value : fail('Please enter a valid URL ...');
      case 'datasets': {
        const dataset =
          resolved.datasets.byId.get(value) ??
          resolved.datasets.byName.get(value) ??
          fail(`Dataset reference not found: \`${value}\``);
        if (!this.user.is_admin && dataset.user_id !== this.user.user_id)
          fail(`Dataset \`${value}\` does not belong to you`);
        // A DOI makes a dataset final (spec 3 §4): NOMAD still adds to it, this installation does not.
        if (dataset.doi !== null)
          fail(`Dataset \`${value}\` has a DOI, entries cannot be ${op === 'remove' ? 'removed' : 'added'}`);
        return dataset.dataset_id;
      }
    }
  }
}

class EditValueError extends Error {}
