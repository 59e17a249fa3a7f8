import type { Upload } from '@oasis/schema';
import { isVisibleToAll, uploadRole } from './roles.ts';

export type VisibilityUpload = Pick<Upload, 'main_author' | 'writers' | 'published' | 'with_embargo'> &
  Partial<
    Pick<
      Upload,
      | 'coauthors'
      | 'coauthor_groups'
      | 'reviewers'
      | 'reviewer_groups'
      | 'viewers'
      | 'writer_groups'
      | 'viewer_groups'
    >
  >;

/** The logged-in caller: user id and the ids of its groups (roles may come through groups). */
export interface Caller {
  sub: string;
  groups?: readonly string[];
}

/** Which icon goes with the state; the component maps these to MUI icons. */
export type VisibilityKind = 'published' | 'hidden' | 'everyone' | 'shared' | 'private';

export interface Visibility {
  tooltip: string;
  kind: VisibilityKind;
  color: 'primary' | 'error' | 'action';
}

const isShared = (upload: VisibilityUpload) =>
  (upload.coauthors?.length ?? 0) > 0 ||
  (upload.reviewers?.length ?? 0) > 0 ||
  (upload.coauthor_groups?.length ?? 0) > 0 ||
  (upload.reviewer_groups?.length ?? 0) > 0;

/**
 * The visibility icon's state and tooltip (spec 1 §2.4, spec 3 §2): from published, embargo, visibility to
 * all, the caller's role and whether anyone is logged in.
 */
export function uploadVisibility(
  upload: VisibilityUpload | undefined,
  caller: Caller | undefined,
): Visibility {
  if (!upload) return { tooltip: 'Upload status not available', kind: 'private', color: 'action' };
  const role = uploadRole(upload, caller?.sub, caller?.groups);
  const everyone = isVisibleToAll(upload);
  const unpublishedKind: VisibilityKind = everyone ? 'everyone' : isShared(upload) ? 'shared' : 'private';

  if (upload.published && !upload.with_embargo) {
    return { tooltip: 'Published and accessible by everyone', kind: 'published', color: 'primary' };
  }
  if (upload.published) {
    const embargo = (tooltip: string, kind: VisibilityKind = unpublishedKind): Visibility => ({
      tooltip,
      kind,
      color: 'error',
    });
    switch (role) {
      case 'main_author':
        return embargo('Published with embargo by you and only accessible by you, coauthors and reviewers');
      case 'coauthor':
        return embargo('Published with embargo and accessible by you as a coauthor');
      case 'reviewer':
        return embargo('Published with embargo and accessible by you as a reviewer');
      default:
        return caller
          ? embargo('Published with embargo and not accessible by you', 'hidden')
          : embargo('Published with embargo and might become accessible after login', 'hidden');
    }
  }
  const unpublished = (tooltip: string): Visibility => ({ tooltip, kind: unpublishedKind, color: 'error' });
  if (everyone) return unpublished('Unpublished but accessible by everyone');
  switch (role) {
    case 'main_author':
      return unpublished('Unpublished, accessible only by you');
    case 'coauthor':
      return unpublished('Unpublished, accessible by you as a coauthor');
    case 'reviewer':
      return unpublished('Unpublished, accessible by you as a reviewer');
    default:
      return unpublished('Unpublished');
  }
}
