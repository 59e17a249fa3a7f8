// The files of a phonopy-FHI-aims run around the mainfile (…/phonopy-FHI-aims-displacement-01/control.in):
// control.in and geometry.in of the unit cell in the parent folder, and per displacement folder the
// displaced geometry.in and the FHI-aims output with the forces. Every file is read only inside the
// upload and up to a size; a missing or unusable one fails the entry, named.
import type { Vec3 } from '@oasis/chem';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import { readAimsOutput } from '../fhi-aims/read-aims.ts';

const MAX_INPUT_BYTES = 4 * 1024 ** 2;
const MAX_OUTPUT_BYTES = 64 * 1024 ** 2;
/** All outputs together: 500 folders of large outputs would otherwise take minutes. */
const MAX_TOTAL_BYTES = 1024 ** 3;
const MAX_DISPLACEMENTS = 500;

const FOLDER = /^phonopy-FHI-aims-displacement-(\d+)$/;

export interface DisplacementRun {
  /** Folder name, e.g. 'phonopy-FHI-aims-displacement-01'. */
  folder: string;
  /** The output's file name in the folder. */
  output: string;
  /** geometry.in of the folder, or undefined when absent (the output's input geometry is used). */
  geometry?: string;
  geometryFromOutput: { lattice?: [Vec3, Vec3, Vec3]; species: string[]; positions: Vec3[] };
  /** eV/Å, in the output's atom order. */
  forces: Vec3[];
}

async function readInside(
  path: string,
  rawRoot: string,
  limit: number,
  name: string,
): Promise<string | undefined> {
  const real = realPathInside(path, rawRoot);
  if (!real) return undefined;
  const info = await stat(real);
  if (!info.isFile()) return undefined;
  if (info.size > limit) throw new Error(`${name} is larger than ${limit / 1024 ** 2} MB`);
  return readFile(real, 'latin1');
}

/** The parent folder's file, required. */
export async function readRootFile(root: string, rawRoot: string, name: string): Promise<string> {
  const text = await readInside(join(root, name), rawRoot, MAX_INPUT_BYTES, name);
  if (text === undefined)
    throw new Error(`${name} of the unit cell is missing beside the displacement folders`);
  return text;
}

/** The displacement folders beside the mainfile's, numbered 1 … n without gaps. */
async function displacementFolders(root: string, rawRoot: string): Promise<string[]> {
  // The root may be the upload's folder itself; each file in it is checked on reading.
  if (relative(rawRoot, root).startsWith('..'))
    throw new Error('the displacement folders are outside the upload');
  const names = (await readdir(root)).filter((name) => FOLDER.test(name));
  const numbered = names
    .map((name) => ({ name, n: Number(FOLDER.exec(name)![1]) }))
    .sort((a, b) => a.n - b.n);
  if (numbered.length > MAX_DISPLACEMENTS)
    throw new Error(`more than ${MAX_DISPLACEMENTS} displacement folders`);
  numbered.forEach(({ n }, index) => {
    if (n !== index + 1)
      throw new Error(`displacement folder ${index + 1} is missing (found ${numbered[index]!.name})`);
  });
  return numbered.map(({ name }) => name);
}

/** Every displacement folder's geometry and forces. */
export async function readDisplacementRuns(root: string, rawRoot: string): Promise<DisplacementRun[]> {
  const folders = await displacementFolders(root, rawRoot);
  const runs: DisplacementRun[] = [];
  let total = 0;
  for (const folder of folders) {
    const outputName = `${folder}.out`;
    const path = join(root, folder, outputName);
    const real = realPathInside(path, rawRoot);
    if (!real) throw new Error(`${folder}/${outputName} is missing`);
    total += (await stat(real)).size;
    if (total > MAX_TOTAL_BYTES) throw new Error('the displacement outputs together are larger than 1 GB');
    const text = await readInside(path, rawRoot, MAX_OUTPUT_BYTES, outputName);
    if (text === undefined) throw new Error(`${folder}/${outputName} is missing`);
    let output;
    try {
      output = readAimsOutput(text);
    } catch (error) {
      throw new Error(`${outputName} is not a readable FHI-aims output: ${(error as Error).message}`);
    }
    const step = output.steps.find((s) => s.forces && s.forces.length > 0);
    if (!step?.forces) throw new Error(`${outputName} has no forces`);
    if (!output.finished)
      throw new Error(`${outputName} is truncated (it does not end with 'Have a nice day.')`);
    const geometry = await readInside(
      join(root, folder, 'geometry.in'),
      rawRoot,
      MAX_INPUT_BYTES,
      'geometry.in',
    );
    const input = step.geometry;
    runs.push({
      folder,
      output: outputName,
      ...(geometry !== undefined ? { geometry } : {}),
      geometryFromOutput: {
        ...(input.cell ? { lattice: input.cell } : {}),
        species: input.species,
        positions: input.positions,
      },
      forces: step.forces,
    });
  }
  if (runs.length === 0) throw new Error('no phonopy-FHI-aims-displacement folders');
  return runs;
}

/** The folder holding the displacement folders: the mainfile's folder's parent. */
export const rootOf = (mainfile: string): string => dirname(dirname(mainfile));
