import type { Group, GroupEdit, GroupsQuery } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { forbidden, notFound, validationError } from '../errors.ts';
import { createUploadId } from '../processing/ids.ts';
import {
  countGroupsOwnedBy,
  deleteGroup,
  findGroup,
  findGroupForUpdate,
  insertGroup,
  listGroups,
  updateGroup,
  type GroupRow,
} from '../store/groups.ts';
import { lockUser, unknownUserIds } from '../store/users.ts';
import { loggedIn, type Caller } from './caller.ts';

/** Answers of GET /groups are cut here; every filter narrows them, so only an unfiltered listing gets near. */
const MAX_LISTED = 1000;
/** Words of search_terms used; more would only narrow an answer that is already short. */
const MAX_WORDS = 10;
/** A group's members at most: every upload and search of a member reads the ids of their groups. */
export const MAX_MEMBERS = 1000;
/** Groups one user may own: bounds the rows one account can make, and the groups a user belongs to. */
export const MAX_GROUPS_PER_OWNER = 1000;

const groupNotFound = (groupId: string) => notFound(`User group '${groupId}' was not found.`);
const refuse = (loc: string[], msg: string) => validationError([{ loc, msg, type: 'value_error' }]);

export const groupToWire = (row: GroupRow): Group => ({
  group_id: row.group_id,
  group_name: row.group_name,
  owner: row.owner,
  members: row.members,
});

/** GET groups: by ids, by a user who owns or is a member of them, by words of the name; open to anyone. */
export const listGroupsFor = async (
  ctx: AppContext,
  _caller: Caller,
  query: GroupsQuery,
): Promise<GroupRow[]> =>
  listGroups(
    ctx.db,
    {
      groupIds: query.group_id,
      userId: query.user_id,
      nameWords: query.search_terms?.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS),
    },
    MAX_LISTED,
  );

export const readGroup = async (ctx: AppContext, _caller: Caller, groupId: string): Promise<GroupRow> => {
  const group = await findGroup(ctx.db, groupId);
  if (!group) throw groupNotFound(groupId);
  return group;
};

/** Distinct ids in their first order, without the owner (who has the members' role anyway). */
const memberIds = (ids: readonly string[], owner: string) => [...new Set(ids)].filter((id) => id !== owner);

/** Every id must name a user; a 422 at the first that does not, as NOMAD answers. */
const checkUsersExist = async (ctx: AppContext, ids: readonly string[], loc: string[]) => {
  const [unknown] = await unknownUserIds(ctx.db, ids);
  if (unknown !== undefined)
    throw refuse([...loc, String(ids.indexOf(unknown))], `User '${unknown}' was not found.`);
};

const checkMemberCount = (members: readonly string[]) => {
  if (members.length > MAX_MEMBERS)
    throw refuse(['body', 'members'], `A group has at most ${MAX_MEMBERS} members.`);
};

/** POST groups: a new group owned by the caller. */
export const createGroup = async (
  ctx: AppContext,
  caller: Caller,
  body: { group_name: string; members?: string[] },
): Promise<GroupRow> => {
  const user = loggedIn(caller);
  const members = memberIds(body.members ?? [], user.user_id);
  await checkUsersExist(ctx, members, ['body', 'members']);
  checkMemberCount(members);
  return ctx.db.transaction(async (tx) => {
    // The owner's row is locked, so two creates of one user cannot both pass the limit.
    if (!(await lockUser(tx, user.user_id))) throw refuse(['body'], 'The user of this token does not exist.');
    if ((await countGroupsOwnedBy(tx, user.user_id)) >= MAX_GROUPS_PER_OWNER)
      throw refuse(['body'], `A user may own at most ${MAX_GROUPS_PER_OWNER} groups.`);
    return insertGroup(tx, {
      group_id: createUploadId(),
      group_name: body.group_name,
      owner: user.user_id,
      members,
    });
  });
};

const mayChange = (caller: { user_id: string; is_admin: boolean }, group: GroupRow) =>
  caller.is_admin || group.owner === caller.user_id;

/** POST groups/{id}/edit: renames the group and adds or removes members (removal wins); owner or admin only. */
export const editGroup = async (
  ctx: AppContext,
  caller: Caller,
  groupId: string,
  edit: GroupEdit,
): Promise<GroupRow> => {
  const user = loggedIn(caller);
  const added = edit.members?.add ?? [];
  const removed = new Set(edit.members?.remove ?? []);
  return ctx.db.transaction(async (tx) => {
    const group = await findGroupForUpdate(tx, groupId);
    if (!group) throw groupNotFound(groupId);
    if (!mayChange(user, group))
      throw forbidden(
        `Not authorized to edit user group '${groupId}'. Only group owners and admins are allowed to edit a group.`,
      );
    const fresh = memberIds(added, group.owner).filter((id) => !group.members.includes(id));
    const [unknown] = await unknownUserIds(tx, fresh);
    if (unknown !== undefined)
      throw refuse(
        ['body', 'members', 'add', String(added.indexOf(unknown))],
        `User '${unknown}' was not found.`,
      );
    const members = [...group.members, ...fresh].filter((id) => !removed.has(id));
    checkMemberCount(members);
    const updated = await updateGroup(tx, groupId, {
      group_name: edit.group_name ?? group.group_name,
      members,
    });
    return updated ?? group;
  });
};

/** DELETE groups/{id}: owner or admin only. Uploads keep the id; readers show it as a deleted group. */
export const removeGroup = async (ctx: AppContext, caller: Caller, groupId: string): Promise<GroupRow> => {
  const user = loggedIn(caller);
  const group = await findGroup(ctx.db, groupId);
  if (!group) throw groupNotFound(groupId);
  if (!mayChange(user, group))
    throw forbidden(
      `Not authorized to delete user group '${groupId}'. Only group owners and admins are allowed to delete a group.`,
    );
  await deleteGroup(ctx.db, groupId);
  return group;
};
