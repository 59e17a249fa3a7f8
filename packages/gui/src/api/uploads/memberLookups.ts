import { type ApiClient, ApiError } from '@oasis/client';
import type { Group, Upload, User } from '@oasis/schema';
import {
  groupToMember,
  membersOf,
  uploadMemberIds,
  userToMember,
  type Member,
  type MemberType,
} from './members.ts';

/** How many users a name search offers at most. */
const MAX_USER_SUGGESTIONS = 5;

const unique = (ids: readonly string[]) => [...new Set(ids)];
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A failed lookup in NOMAD's words (spec 3 §8). An ApiError, as it reports an answer of the API and no
 * programming error; without a status, so that the snackbar shows this text rather than the cause's.
 */
const lookupFailed = (what: string, cause: unknown) =>
  new ApiError(`Unable to fetch the ${what} (${messageOf(cause)})`);

/** Users by id (each asked once), with the lookup's failure in NOMAD's words. */
export async function usersByIds(api: ApiClient, ids: readonly string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  try {
    return (await api.call('usersFind', { query: { user_id: unique(ids) } })).data;
  } catch (error) {
    throw lookupFailed('users by IDs', error);
  }
}

async function groupsByIds(api: ApiClient, ids: readonly string[]): Promise<Group[]> {
  if (ids.length === 0) return [];
  try {
    return (await api.call('groupsList', { query: { group_id: unique(ids) } })).data;
  } catch (error) {
    throw lookupFailed('groups by IDs', error);
  }
}

/** The upload's members with names: its groups first, then the users and the groups' owners at once. */
export async function loadMembers(api: ApiClient, upload: Upload): Promise<Member[]> {
  const ids = uploadMemberIds(upload);
  const groupIds = ids.groups.map(({ id }) => id);
  const groups = await groupsByIds(api, groupIds);
  const userIds = [...ids.users.map(({ id }) => id), ...groups.map(({ owner }) => owner)];
  const users = await usersByIds(api, userIds);
  return membersOf(upload, users, groups);
}

/** Users whose name contains the text, those starting with it first (the server matches more widely). */
async function searchUsers(api: ApiClient, text: string): Promise<Member[]> {
  const users = (await api.call('usersFind', { query: { prefix: text } })).data;
  const nameOf = (user: User) => user.name?.toLowerCase() ?? '';
  const named = users.filter((user) => nameOf(user).includes(text));
  const starts = (user: User) => Number(nameOf(user).startsWith(text));
  const startsFirst = named.sort((a, b) => starts(b) - starts(a));
  return startsFirst.slice(0, MAX_USER_SUGGESTIONS).map((user) => userToMember(user));
}

async function searchGroups(api: ApiClient, text: string): Promise<Member[]> {
  let groups: Group[];
  try {
    groups = (await api.call('groupsList', { query: { search_terms: text } })).data;
  } catch (error) {
    throw lookupFailed('groups by search terms', error);
  }
  // A group is shown with its owner's name, which needs a second lookup.
  const ownerIds = groups.map(({ owner }) => owner);
  const owners = await usersByIds(api, ownerIds);
  const ownersById = new Map(owners.map((owner) => [owner.user_id, owner]));
  return groups.map((group) => groupToMember(group, ownersById));
}

/** Users or groups matching a typed name, as new members (lower case, as NOMAD searches). */
export function searchMembers(api: ApiClient, type: MemberType, text: string): Promise<Member[]> {
  const query = text.toLowerCase();
  if (query === '') return Promise.resolve([]);
  return type === 'group' ? searchGroups(api, query) : searchUsers(api, query);
}
