import { lstat, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { FileWorkers } from '../files/file-work.ts';

/** What a tool's working folder shows of one upload. */
export interface MountedUpload {
  upload_id: string;
  upload_name: string | null;
  published: boolean;
  rawDir: string;
}

/** NOMAD's folder name of an upload in a tool: `uploads/<slug of its name>-<id>`, or `uploads/<id>`. */
const uploadMountDir = (upload: { upload_id: string; upload_name: string | null }): string => {
  const slug = (upload.upload_name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 200);
  return slug ? `uploads/${slug}-${upload.upload_id}` : `uploads/${upload.upload_id}`;
};

/**
 * Lays out `<workDir>/uploads/` anew for a start: unpublished uploads as symbolic links to their raw folders
 * (the tool reads and writes the upload's files), published ones as read-only mirrors. Everything else in
 * the working folder stays from start to start.
 *
 * A published upload's files are hard links (copies across file systems) in folders of their own, files and
 * folders without write permission: a tool can neither change nor add nor remove a file there. The links
 * share the files' permission bits, which is harmless: published files never change. Mirroring and removing
 * the old mirrors are whole-tree operations on the file-work threads (an upload may hold 100,000 files).
 */
export const layOutUploads = async (
  fileWork: FileWorkers,
  workDir: string,
  uploads: readonly MountedUpload[],
): Promise<Map<string, string>> => {
  const uploadsDir = path.join(workDir, 'uploads');
  // Symbolic links are removed themselves, never followed into the upload.
  await fileWork.run({ op: 'remove-mirror', target: uploadsDir });
  await mkdir(uploadsDir, { recursive: true });
  const mounted = new Map<string, string>();
  for (const upload of uploads) {
    const dir = uploadMountDir(upload);
    const target = path.join(workDir, dir);
    if (upload.published)
      await fileWork.run({ op: 'mirror-read-only', source: upload.rawDir, target }, upload.upload_id);
    else await symlink(upload.rawDir, target, 'dir');
    mounted.set(upload.upload_id, dir);
  }
  return mounted;
};

/**
 * An upload published while a tool runs: its link (read-write) is replaced by a read-only mirror, so the
 * tool cannot change files that are now published.
 */
export const remountReadOnly = async (
  fileWork: FileWorkers,
  workDir: string,
  dir: string,
  rawDir: string,
): Promise<void> => {
  const target = path.join(workDir, dir);
  const stats = await lstat(target).catch(() => undefined);
  if (!stats?.isSymbolicLink()) return;
  // rm removes the link itself, never what it points to.
  await rm(target, { force: true });
  await fileWork.run({ op: 'mirror-read-only', source: rawDir, target });
};
