import type { Upload, User } from '@oasis/schema';

/** A group of uploads a new referenced entry may go into (spec 2: section-select and create dialogs). */
export interface TargetUploadGroup {
  title: string;
  uploads: { uploadId: string; label: string }[];
}

const ownerTitle = (owner: User | undefined, ownerId: string) => {
  const name = owner?.name ?? [owner?.first_name, owner?.last_name].filter(Boolean).join(' ');
  return `Owned by ${name || ownerId}${owner?.affiliation ? ` (${owner.affiliation})` : ''}`;
};

/**
 * Unpublished uploads grouped as 'My uploads' (the caller's own) and 'Owned by {name} ({affiliation})'
 * for those the caller writes to as co-author, each group in the order given.
 */
export const groupTargetUploads = (
  uploads: readonly Pick<Upload, 'upload_id' | 'upload_name' | 'main_author' | 'published'>[],
  owners: ReadonlyMap<string, User>,
  me: string | undefined,
): TargetUploadGroup[] => {
  const groups = new Map<string, TargetUploadGroup>();
  for (const upload of uploads) {
    if (upload.published) continue;
    const title =
      upload.main_author === me
        ? 'My uploads'
        : ownerTitle(owners.get(upload.main_author), upload.main_author);
    const group = groups.get(title) ?? { title, uploads: [] };
    group.uploads.push({ uploadId: upload.upload_id, label: upload.upload_name || upload.upload_id });
    groups.set(title, group);
  }
  return [...groups.values()].sort(
    (a, b) => Number(b.title === 'My uploads') - Number(a.title === 'My uploads'),
  );
};
