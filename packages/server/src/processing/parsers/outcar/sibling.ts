// The INCAR next to an OUTCAR, read only when it lies inside the upload (symlinks resolved).
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import { siblingText } from '../sibling-files.ts';
import { readIncar, type IncarTags } from './incar.ts';

/** INCAR files are small; anything bigger is not an INCAR. */
const MAX_INCAR_BYTES = 1 << 20;

/** 'OUTCAR.relax' pairs with 'INCAR.relax', 'x.OUTCAR.gz' with 'x.INCAR'; plain 'INCAR' otherwise. */
export function incarCandidates(mainfile: string): string[] {
  const name = basename(mainfile).replace(/\.gz$/i, '');
  const paired = name.replace(/OUTCAR/i, 'INCAR');
  return paired !== name && paired !== 'INCAR' ? [paired, 'INCAR'] : ['INCAR'];
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
    const path = realPathInside(join(dirname(absolutePath), name), rawRoot);
    if (!path) continue;
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_INCAR_BYTES) continue;
    return { name, tags: readIncar(await readFile(path, 'utf8')) };
  }
  return undefined;
}

/** 'OUTCAR.relax' pairs with 'DOSCAR.relax', like its INCAR; plain 'DOSCAR' otherwise. */
function doscarCandidates(mainfile: string): string[] {
  return incarCandidates(mainfile).map((name) => name.replace(/INCAR/i, 'DOSCAR'));
}

/** DOSCARs hold NEDOS × ions rows; 256 MB is far beyond any real one. */
const MAX_DOSCAR_BYTES = 256 * 1024 ** 2;

/** The text of the DOSCAR beside an OUTCAR, or why it was not read; undefined when there is none. */
export async function readSiblingDoscar(
  absolutePath: string,
  rawRoot: string,
): Promise<{ name: string; text: string } | { name: string; problem: string } | undefined> {
  for (const name of doscarCandidates(absolutePath)) {
    const sibling = await siblingText(absolutePath, rawRoot, name, MAX_DOSCAR_BYTES);
    if (sibling) return sibling;
  }
  return undefined;
}
