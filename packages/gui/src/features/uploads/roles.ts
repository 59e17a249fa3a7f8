import type { Upload } from '@oasis/schema';

type UploadRoles = Pick<Upload, 'main_author' | 'writers' | 'published'>;

/** Writers are the main author and the coauthors; the server lists their ids in `writers`. */
export function isWriter(upload: UploadRoles, userId: string | undefined): boolean {
  return userId !== undefined && (upload.main_author === userId || upload.writers.includes(userId));
}

export function isMainAuthor(upload: UploadRoles, userId: string | undefined): boolean {
  return userId !== undefined && upload.main_author === userId;
}

/** Files and metadata can only be changed by writers, and only before publishing (spec 1 §4). */
export function isEditable(upload: UploadRoles, userId: string | undefined): boolean {
  return isWriter(upload, userId) && !upload.published;
}
