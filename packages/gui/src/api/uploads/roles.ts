import type { Upload } from '@oasis/schema';

type UploadRoles = Pick<Upload, 'main_author' | 'writers' | 'published'> &
  Partial<Pick<Upload, 'coauthors' | 'coauthor_groups' | 'reviewers' | 'reviewer_groups' | 'viewers'>> &
  Partial<Pick<Upload, 'writer_groups' | 'viewer_groups'>>;

/** 'all' among the reviewer (and so viewer) groups: everyone may see the upload (spec 1 §3). */
const VISIBLE_TO_ALL = 'all';

const inGroups = (uploadGroups: readonly string[] | undefined, groups: readonly string[]) =>
  (uploadGroups ?? []).some((group) => group !== VISIBLE_TO_ALL && groups.includes(group));

/**
 * Writers are the main author and the coauthors (the server lists their ids in `writers`, coauthor groups
 * in `writer_groups`). `groups` are the ids of the caller's own groups.
 */
export function isWriter(
  upload: UploadRoles,
  userId: string | undefined,
  groups: readonly string[] = [],
): boolean {
  const role = uploadRole(upload, userId, groups);
  return role === 'main_author' || role === 'coauthor';
}

export function isMainAuthor(upload: UploadRoles, userId: string | undefined): boolean {
  return userId !== undefined && upload.main_author === userId;
}

/** Files and metadata can only be changed by writers, and only before publishing (spec 1 §4). */
export function isEditable(
  upload: UploadRoles,
  userId: string | undefined,
  groups: readonly string[] = [],
): boolean {
  return isWriter(upload, userId, groups) && !upload.published;
}

export function isVisibleToAll(upload: Partial<Pick<Upload, 'reviewer_groups' | 'viewer_groups'>>): boolean {
  return (
    (upload.reviewer_groups ?? []).includes(VISIBLE_TO_ALL) ||
    (upload.viewer_groups ?? []).includes(VISIBLE_TO_ALL)
  );
}

/** The caller's role in an upload, for the visibility icon: the strongest one it holds. */
export type UploadRole = 'main_author' | 'coauthor' | 'reviewer' | 'none';

export function uploadRole(
  upload: UploadRoles,
  userId: string | undefined,
  groups: readonly string[] = [],
): UploadRole {
  if (userId === undefined) return 'none';
  if (upload.main_author === userId) return 'main_author';
  const coauthor =
    (upload.coauthors ?? []).includes(userId) ||
    upload.writers.includes(userId) ||
    inGroups(upload.coauthor_groups ?? upload.writer_groups, groups);
  if (coauthor) return 'coauthor';
  const reviewer =
    (upload.reviewers ?? []).includes(userId) ||
    (upload.viewers ?? []).includes(userId) ||
    inGroups(upload.reviewer_groups ?? upload.viewer_groups, groups);
  return reviewer ? 'reviewer' : 'none';
}
