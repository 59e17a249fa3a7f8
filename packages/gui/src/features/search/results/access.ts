/** The access tooltip of a result row (spec 1 §2.4 upload visibility icon), for the current user. */

type Row = Readonly<Record<string, unknown>>;

const userIds = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .map((person: unknown) =>
          typeof person === 'string'
            ? person
            : typeof person === 'object' && person !== null
              ? (person as { user_id?: unknown }).user_id
              : undefined,
        )
        .filter((id): id is string => typeof id === 'string')
    : [];

const mainAuthorId = (row: Row): string | undefined => userIds([row.main_author])[0];

export type AccessRole = 'main' | 'coauthor' | 'reviewer' | undefined;

/** Writers other than the main author are coauthors; viewers that do not write are reviewers. */
export function accessRole(row: Row, userId: string | undefined): AccessRole {
  if (!userId) return undefined;
  if (mainAuthorId(row) === userId) return 'main';
  if (userIds(row.writers).includes(userId)) return 'coauthor';
  if (userIds(row.viewers).includes(userId)) return 'reviewer';
  return undefined;
}

export function accessText(row: Row, userId: string | undefined): string {
  const role = accessRole(row, userId);
  if (typeof row.published !== 'boolean') return 'Upload status not available';
  if (row.published) {
    if (row.with_embargo !== true) return 'Published and accessible by everyone';
    if (role === 'main')
      return 'Published with embargo by you and only accessible by you, coauthors and reviewers';
    if (role === 'coauthor') return 'Published with embargo and accessible by you as a coauthor';
    if (role === 'reviewer') return 'Published with embargo and accessible by you as a reviewer';
    return userId
      ? 'Published with embargo and not accessible by you'
      : 'Published with embargo and might become accessible after login';
  }
  const groups = Array.isArray(row.viewer_groups) ? row.viewer_groups : [];
  if (groups.includes('all')) return 'Unpublished but accessible by everyone';
  if (role === 'main') return 'Unpublished, accessible only by you';
  if (role === 'coauthor') return 'Unpublished, accessible by you as a coauthor';
  if (role === 'reviewer') return 'Unpublished, accessible by you as a reviewer';
  return 'Unpublished';
}
