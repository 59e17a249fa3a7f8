import type { CurrentUser } from './current-user.ts';
import { HttpError, notFound, unauthorized } from '../errors.ts';
import type { Queryable } from '../db/database.ts';
import { findUpload, type UploadRow } from '../store/uploads.ts';

/** 'all' in reviewer_groups: the upload is visible to everyone (spec 3 §3). */
export const VISIBLE_TO_ALL = 'all';

/**
 * Roles of spec 1 §6, computed from the user id and the user's groups: writers are the main author,
 * co-authors and members of co-author groups; viewers are writers, reviewers and members of reviewer
 * groups.
 */
export const uploadRoles = (upload: UploadRow, user: CurrentUser | undefined) => {
  const id = user?.user_id;
  const groups = user?.group_ids ?? [];
  const inGroups = (ids: readonly string[]) => ids.some((group) => groups.includes(group));
  const isMainAuthor = id !== undefined && upload.main_author === id;
  const isCoauthor = id !== undefined && (upload.coauthors.includes(id) || inGroups(upload.coauthor_groups));
  const isReviewer = id !== undefined && (upload.reviewers.includes(id) || inGroups(upload.reviewer_groups));
  const isWriter = isMainAuthor || isCoauthor;
  const isViewer = isWriter || isReviewer;
  const visibleToAll = upload.reviewer_groups.includes(VISIBLE_TO_ALL) && !upload.with_embargo;
  return { isMainAuthor, isWriter, isViewer, visibleToAll, isAdmin: user?.is_admin ?? false };
};

const uploadNotFound = () => notFound('The specified upload_id was not found.');

/**
 * Who may read an upload: members always, everyone once published without embargo. Others get 401 with
 * NOMAD's texts; the upload's content is never part of the answer.
 */
export const assertCanRead = (upload: UploadRow | undefined, user: CurrentUser | undefined): UploadRow => {
  if (!upload) throw uploadNotFound();
  const roles = uploadRoles(upload, user);
  if (roles.isViewer || roles.isAdmin || roles.visibleToAll) return upload;
  if (upload.published && !upload.with_embargo) return upload;
  if (upload.published) {
    throw unauthorized('You do not have access to the specified upload - published with embargo.');
  }
  if (!user) throw unauthorized('You need to log in to access the specified upload.');
  throw unauthorized('You do not have access to the specified upload.');
};

/** Writers (main author and coauthors) may change unpublished uploads. */
export const assertCanWrite = (upload: UploadRow | undefined, user: CurrentUser | undefined): UploadRow => {
  const readable = assertCanRead(upload, user);
  const roles = uploadRoles(readable, user);
  if (!roles.isWriter && !roles.isAdmin) {
    throw unauthorized('You do not have write access to the specified upload.');
  }
  if (readable.published) throw new HttpError(400, 'The upload is published and cannot be changed.');
  return readable;
};

/** Deleting takes more than writing: only the main author (or an admin) may delete an upload. */
export const assertCanDelete = (upload: UploadRow | undefined, user: CurrentUser | undefined): UploadRow => {
  const writable = assertCanWrite(upload, user);
  const roles = uploadRoles(writable, user);
  if (!roles.isMainAuthor && !roles.isAdmin) throw unauthorized('Only the main author may delete an upload.');
  return writable;
};

/** Whether `user` may read the upload `uploadId` (false also when there is none). */
export const mayReadUpload = async (
  db: Queryable,
  uploadId: string,
  user: CurrentUser | undefined,
): Promise<boolean> => {
  try {
    assertCanRead(await findUpload(db, uploadId), user);
    return true;
  } catch {
    return false;
  }
};
