import { createReadStream } from 'node:fs';
import { opendir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A member of a zip being written: its path and its bytes, or how to open them. */
export type ZipItem = { path: string; data: Buffer } | { path: string; open: () => Readable };

/**
 * The files below a folder of an upload as zip items named by their upload path (`prefix/...`), found
 * one directory entry at a time (opendir, not readdir) so that neither a huge folder nor a deep tree is
 * ever held in memory; each file is opened only when the zip writer reaches it. Symbolic links are not
 * followed: only what lies in the upload itself is sent.
 */
export async function* folderZipItems(folderOnDisk: string, prefix: string): AsyncGenerator<ZipItem> {
  const dir = await opendir(folderOnDisk);
  for await (const dirent of dir) {
    const onDisk = path.join(folderOnDisk, dirent.name);
    const name = prefix ? `${prefix}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) yield* folderZipItems(onDisk, name);
    else if (dirent.isFile()) yield { path: name, open: () => createReadStream(onDisk) };
  }
}
