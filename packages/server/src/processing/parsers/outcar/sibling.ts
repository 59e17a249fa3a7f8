// The INCAR next to an OUTCAR, read only when it lies inside the upload (symlinks resolved).
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { readIncar, type IncarTags } from './incar.ts';

/** INCAR files are small; anything bigger is not an INCAR. */
const MAX_INCAR_BYTES = 1 << 20;

/** 'OUTCAR.relax' pairs with 'INCAR.relax', 'x.OUTCAR.gz' with 'x.INCAR'; plain 'INCAR' otherwise. */
export function incarCandidates(mainfile: string): string[] {
  const name = basename(mainfile).replace(/\.gz$/i, '');
  const paired = name.replace(/OUTCAR/i, 'INCAR');
  return paired !== name && paired !== 'INCAR' ? [paired, 'INCAR'] : ['INCAR'];
}

async function insideRoot(path: string, root: string): Promise<string | undefined> {
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    const rel = relative(realRoot, real);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return real;
  } catch {
    return undefined;
  }
}

export interface SiblingIncar {
  /** File name next to the mainfile. */
  name: string;
  tags: IncarTags;
}

/** Reads the sibling INCAR of an OUTCAR, if there is one inside the upload. */
export async function readSiblingIncar(
  absolutePath: string,
  rawRoot: string,
): Promise<SiblingIncar | undefined> {
  for (const name of incarCandidates(absolutePath)) {
    const path = await insideRoot(join(dirname(absolutePath), name), rawRoot);
    if (!path) continue;
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_INCAR_BYTES) continue;
    return { name, tags: readIncar(await readFile(path, 'utf8')) };
  }
  return undefined;
}
