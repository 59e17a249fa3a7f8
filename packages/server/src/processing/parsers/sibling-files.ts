// Files beside a mainfile that its parser reads (trajectories, energies, inputs): plain names in the
// mainfile's folder, inside the upload (symbolic links resolved), read whole or by their head.
import { open, opendir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { realPathInside } from '../raw-paths.ts';

export interface SiblingFile {
  name: string;
  path: string;
  size: number;
}

/** The file `name` beside the mainfile, when it is a plain file inside the upload. */
export async function siblingFile(
  mainfile: string,
  rawRoot: string,
  name: string | undefined,
): Promise<SiblingFile | undefined> {
  if (!name || name.includes('/') || name === '.' || name === '..') return undefined;
  const path = realPathInside(join(dirname(mainfile), name), rawRoot);
  if (!path) return undefined;
  const info = await stat(path);
  return info.isFile() ? { name, path, size: info.size } : undefined;
}

/** Names of the files beside the mainfile, at most `limit` of them (a huge folder is not listed whole). */
export async function siblingNames(mainfile: string, limit = 10_000): Promise<string[]> {
  const names: string[] = [];
  const folder = await opendir(dirname(mainfile));
  for await (const entry of folder) {
    if (entry.isFile() || entry.isSymbolicLink()) names.push(entry.name);
    if (names.length >= limit) break;
  }
  return names;
}

/** The first `maxBytes` of a file; `partial` when the file is longer. */
export async function readHead(
  file: SiblingFile,
  maxBytes: number,
): Promise<{ buffer: Buffer; partial: boolean }> {
  const length = Math.min(file.size, maxBytes);
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { buffer: buffer.subarray(0, read), partial: file.size > maxBytes };
  } finally {
    await handle.close();
  }
}

/**
 * A text file beside the mainfile, read whole when it is at most `maxBytes`: its text, or why it is not
 * read (for the entry's warning); undefined when there is none.
 */
export async function siblingText(
  mainfile: string,
  rawRoot: string,
  name: string | undefined,
  maxBytes: number,
): Promise<{ name: string; text: string } | { name: string; problem: string } | undefined> {
  const file = await siblingFile(mainfile, rawRoot, name);
  if (!file) return undefined;
  if (file.size > maxBytes)
    return { name: file.name, problem: `${file.name} is larger than ${maxBytes / 1024 ** 2} MB: not read` };
  return { name: file.name, text: (await readHead(file, maxBytes)).buffer.toString('latin1') };
}
