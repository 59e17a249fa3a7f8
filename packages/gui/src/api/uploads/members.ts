import type { EditableMetadata, Group, Upload, User } from '@oasis/schema';

export const ROLES = {
  mainAuthor: 'Main author',
  coauthor: 'Co-author',
  reviewer: 'Reviewer',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/** The roles a member other than the main author can be given. */
export const SELECTABLE_ROLES: readonly Role[] = [ROLES.coauthor, ROLES.reviewer];

export type MemberType = 'user' | 'group';

/** A row of the members dialog: a user or a group with its role on the upload (spec 3 §3). */
export interface Member {
  type: MemberType;
  id: string;
  name?: string;
  /** A user's affiliation; for a group, its owner's name. */
  affiliation?: string;
  role: Role;
  /** The user or group no longer exists; its id is still kept on the upload. */
  error?: 'missing';
}

/** The reviewer group that makes an upload visible to everyone, guests included. */
export const ALL_GROUP = 'all';

// New members start as reviewers, the role that grants the least, as NOMAD does.
export const userToMember = (user: User, role: Role = ROLES.reviewer): Member => ({
  type: 'user',
  id: user.user_id,
  name: user.name,
  affiliation: user.affiliation,
  role,
});

export const groupToMember = (
  group: Group,
  owners: ReadonlyMap<string, User>,
  role: Role = ROLES.reviewer,
): Member => ({
  type: 'group',
  id: group.group_id,
  name: group.group_name,
  affiliation: owners.get(group.owner)?.name ?? group.owner,
  role,
});

const missing = (type: MemberType, id: string, role: Role): Member => ({ type, id, role, error: 'missing' });

/** The users and groups an upload names, in roles; the main author first. */
export function uploadMemberIds(upload: Upload) {
  const reviewerGroups = (upload.reviewer_groups ?? []).filter((id) => id !== ALL_GROUP);
  return {
    users: [
      { id: upload.main_author, role: ROLES.mainAuthor },
      ...(upload.coauthors ?? []).map((id) => ({ id, role: ROLES.coauthor })),
      ...(upload.reviewers ?? []).map((id) => ({ id, role: ROLES.reviewer })),
    ],
    groups: [
      ...(upload.coauthor_groups ?? []).map((id) => ({ id, role: ROLES.coauthor })),
      ...reviewerGroups.map((id) => ({ id, role: ROLES.reviewer })),
    ],
  } satisfies Record<string, { id: string; role: Role }[]>;
}

/** The member rows from the looked-up users and groups; ids not found are shown as deleted. */
export function membersOf(upload: Upload, users: readonly User[], groups: readonly Group[]): Member[] {
  const usersById = new Map(users.map((user) => [user.user_id, user]));
  const groupsById = new Map(groups.map((group) => [group.group_id, group]));
  const ids = uploadMemberIds(upload);
  return [
    ...ids.users.map(({ id, role }) => {
      const user = usersById.get(id);
      return user ? userToMember(user, role) : missing('user', id, role);
    }),
    ...ids.groups.map(({ id, role }) => {
      const group = groupsById.get(id);
      return group ? groupToMember(group, usersById, role) : missing('group', id, role);
    }),
  ];
}

const idsOf = (members: readonly Member[], type: MemberType, role: Role) =>
  members.filter((member) => member.type === type && member.role === role).map((member) => member.id);

/** The edit request that replaces the upload's members; visibility for all is kept as it is. */
export function membersMetadata(members: readonly Member[], visibleForAll: boolean): EditableMetadata {
  const reviewerGroups = idsOf(members, 'group', ROLES.reviewer);
  return {
    coauthors: idsOf(members, 'user', ROLES.coauthor),
    reviewers: idsOf(members, 'user', ROLES.reviewer),
    coauthor_groups: idsOf(members, 'group', ROLES.coauthor),
    reviewer_groups: visibleForAll ? [...reviewerGroups, ALL_GROUP] : reviewerGroups,
  };
}
