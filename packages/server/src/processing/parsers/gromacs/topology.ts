// GROMACS topologies (.top and the .itp files they include from the upload): the molecule types with
// their atom counts and the [ molecules ] list, which says how the system's atoms divide into molecules.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';

export interface Topology {
  /** Atoms per molecule type, for the types whose [ atoms ] the files read hold. */
  atomsPerMolecule: Map<string, number>;
  /** The [ molecules ] section in order: molecule type and count. */
  molecules: { name: string; count: number }[];
}

/** Includes followed (force-field folders hold dozens) and the bytes of one file. */
const MAX_INCLUDES = 50;
const MAX_FILE_BYTES = 16 * 1024 ** 2;

/** Reads one file's sections into `into`, then the files it includes that lie inside the upload. */
function readSections(text: string, into: Topology, includes: string[]): void {
  let section = '';
  let molecule: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/;.*$/, '').trim();
    if (line === '') continue;
    const include = /^#include\s+"([^"]+)"/.exec(line);
    if (include) {
      includes.push(include[1]!);
      continue;
    }
    if (line.startsWith('#')) continue;
    const header = /^\[\s*(\w+)\s*\]$/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const fields = line.split(/\s+/);
    if (section === 'moleculetype') {
      molecule = fields[0]!;
      into.atomsPerMolecule.set(molecule, 0);
      section = '';
    } else if (section === 'atoms' && molecule !== undefined)
      into.atomsPerMolecule.set(molecule, into.atomsPerMolecule.get(molecule)! + 1);
    else if (section === 'molecules' && fields.length >= 2 && /^\d+$/.test(fields[1]!))
      into.molecules.push({ name: fields[0]!, count: Number(fields[1]) });
  }
}

/** The topology of `text` (the .top at `path`), with what its includes inside `rawRoot` add. */
export async function readTopology(text: string, path: string, rawRoot: string): Promise<Topology> {
  const topology: Topology = { atomsPerMolecule: new Map(), molecules: [] };
  const queue: { text: string; folder: string }[] = [{ text, folder: dirname(path) }];
  let followed = 0;
  while (queue.length > 0) {
    const { text: current, folder } = queue.shift()!;
    const includes: string[] = [];
    readSections(current, topology, includes);
    for (const name of includes) {
      if (followed >= MAX_INCLUDES) break;
      // Includes outside the upload (GROMACS' own force fields) are not there to read: skipped.
      const file = realPathInside(join(folder, name), rawRoot);
      if (!file) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.size > MAX_FILE_BYTES) continue;
      followed += 1;
      queue.push({ text: await readFile(file, 'latin1'), folder: dirname(file) });
    }
  }
  return topology;
}
