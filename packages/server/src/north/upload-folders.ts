import { chmod, copyFile, link, lstat, mkdir, readdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

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

/** Makes a read-only mirror's folders writable again, so that it can be removed. */
const unlockTree = async (dir: string): Promise<void> => {
  const stats = await lstat(dir).catch(() => undefined);
  if (!stats?.isDirectory()) return;
  await chmod(dir, 0o755);
  for (const name of await readdir(dir)) await unlockTree(path.join(dir, name));
};

/**
 * A published upload's files as hard links (copies across file systems) in folders of their own, files and
 * folders without write permission: a tool can neither change nor add nor remove a file there. The links
 * share the files' permission bits, which is harmless: published files never change.
 */
const mirrorReadOnly = async (source: string, target: string): Promise<void> => {
  await mkdir(target, { recursive: true });
  // An upload whose raw folder is missing (nothing uploaded yet) shows as an empty folder.
  const items = await readdir(source, { withFileTypes: true }).catch(() => []);
  for (const item of items) {
    const from = path.join(source, item.name);
    const to = path.join(target, item.name);
    if (item.isDirectory()) await mirrorReadOnly(from, to);
    else if (item.isFile()) {
      await link(from, to).catch(() => copyFile(from, to));
      await chmod(to, 0o444);
    }
  }
  await chmod(target, 0o555);
};

/**
 * Lays out `<workDir>/uploads/` anew for a start: unpublished uploads as symbolic links to their raw folders
 * (the tool reads and writes the upload's files), published ones as read-only mirrors. Everything else in
 * the working folder stays from start to start.
 */
export const layOutUploads = async (
  workDir: string,
  uploads: readonly MountedUpload[],
): Promise<Map<string, string>> => {
  const uploadsDir = path.join(workDir, 'uploads');
  await unlockTree(uploadsDir);
  // rm removes symbolic links themselves and never follows them into the upload.
  await rm(uploadsDir, { recursive: true, force: true });
  await mkdir(uploadsDir, { recursive: true });
  const mounted = new Map<string, string>();
  for (const upload of uploads) {
    const dir = uploadMountDir(upload);
    const target = path.join(workDir, dir);
    if (upload.published) await mirrorReadOnly(upload.rawDir, target);
    else await symlink(upload.rawDir, target, 'dir');
    mounted.set(upload.upload_id, dir);
  }
  return mounted;
};

/**
 * An upload published while a tool runs: its link (read-write) is replaced by a read-only mirror, so the
 * tool cannot change files that are now published.
 */
export const remountReadOnly = async (workDir: string, dir: string, rawDir: string): Promise<void> => {
  const target = path.join(workDir, dir);
  const stats = await lstat(target).catch(() => undefined);
  if (!stats?.isSymbolicLink()) return;
  // rm removes the link itself, never what it points to.
  await rm(target, { force: true });
  await mirrorReadOnly(rawDir, target);
};
