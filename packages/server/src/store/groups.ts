import { escapeLike, type Queryable } from '../db/database.ts';
import type { Columns } from '../db/rows.ts';

export type GroupRow = Columns<'user_groups'>;

/** All filters must hold; `nameWords` are matched case-insensitively anywhere in the name. */
export interface GroupFilter {
  groupIds?: readonly string[];
  /** Groups this user owns or is a member of. */
  userId?: string;
  nameWords?: readonly string[];
}

const columns = 'group_id, group_name, owner, members, created';

/** Groups matching the filter, oldest first (NOMAD answers in the order groups were created), at most `limit`. */
export const listGroups = async (db: Queryable, filter: GroupFilter, limit: number): Promise<GroupRow[]> => {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.groupIds) add((p) => `group_id = ANY(${p}::text[])`, filter.groupIds);
  if (filter.userId !== undefined)
    add((p) => `(owner = ${p} OR members @> ARRAY[${p}]::text[])`, filter.userId);
  for (const word of filter.nameWords ?? [])
    add((p) => `lower(group_name) LIKE ${p}`, `%${escapeLike(word.toLowerCase())}%`);
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const { rows } = await db.query<GroupRow>(
    `SELECT ${columns} FROM user_groups ${where} ORDER BY created, group_id LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return rows;
};

export const findGroup = async (db: Queryable, groupId: string): Promise<GroupRow | undefined> => {
  const { rows } = await db.query<GroupRow>(`SELECT ${columns} FROM user_groups WHERE group_id = $1`, [
    groupId,
  ]);
  return rows[0];
};

/** Ids of the groups the user owns or is a member of: what gives them roles through an upload's groups. */
export const groupIdsOfUser = async (db: Queryable, userId: string, limit: number): Promise<string[]> => {
  const { rows } = await db.query<Columns<'user_groups', 'group_id'>>(
    `SELECT group_id FROM user_groups WHERE owner = $1 OR members @> ARRAY[$1]::text[] ORDER BY group_id LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => row.group_id);
};

/** Which of the given group ids exist. */
export const existingGroupIds = async (db: Queryable, groupIds: readonly string[]): Promise<Set<string>> => {
  if (groupIds.length === 0) return new Set();
  const { rows } = await db.query<Columns<'user_groups', 'group_id'>>(
    'SELECT group_id FROM user_groups WHERE group_id = ANY($1::text[])',
    [groupIds],
  );
  return new Set(rows.map((row) => row.group_id));
};

export const countGroupsOwnedBy = async (db: Queryable, userId: string): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM user_groups WHERE owner = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
};

export const insertGroup = async (
  db: Queryable,
  group: { group_id: string; group_name: string; owner: string; members: readonly string[] },
): Promise<GroupRow> => {
  const { rows } = await db.query<GroupRow>(
    `INSERT INTO user_groups (group_id, group_name, owner, members) VALUES ($1, $2, $3, $4::text[])
     RETURNING ${columns}`,
    [group.group_id, group.group_name, group.owner, group.members],
  );
  return rows[0]!;
};

/** Sets name and members; locks nothing: callers read the row FOR UPDATE first (`findGroupForUpdate`). */
export const updateGroup = async (
  db: Queryable,
  groupId: string,
  change: { group_name: string; members: readonly string[] },
): Promise<GroupRow | undefined> => {
  const { rows } = await db.query<GroupRow>(
    `UPDATE user_groups SET group_name = $2, members = $3::text[] WHERE group_id = $1 RETURNING ${columns}`,
    [groupId, change.group_name, change.members],
  );
  return rows[0];
};

/** The group, locked until the transaction ends: concurrent edits of its members apply one after the other. */
export const findGroupForUpdate = async (tx: Queryable, groupId: string): Promise<GroupRow | undefined> => {
  const { rows } = await tx.query<GroupRow>(
    `SELECT ${columns} FROM user_groups WHERE group_id = $1 FOR UPDATE`,
    [groupId],
  );
  return rows[0];
};

export const deleteGroup = async (db: Queryable, groupId: string): Promise<void> => {
  await db.query('DELETE FROM user_groups WHERE group_id = $1', [groupId]);
};
