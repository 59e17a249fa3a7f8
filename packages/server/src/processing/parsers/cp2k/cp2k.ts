// 'parsers/cp2k': CP2K outputs (single points, MD with its coordinates trajectory and energies file,
// optimisations with their step geometries, the projected DOS beside them).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingFile } from '../sibling-files.ts';
import { readXyzText } from '../xyz-read.ts';
import { cp2kArchive, type Cp2kFrame } from './archive.ts';
import { mergeEnerFile } from './ener-file.ts';
import { readPdosBeside } from './pdos-file.ts';
import { readCp2kOutput } from './read-cp2k.ts';

/** A trajectory beside the output is read whole up to this size. */
const MAX_TRAJECTORY_BYTES = 64 * 1024 ** 2;

/** The frames of the coordinates file of an MD or optimisation, when it lies beside the output in the upload. */
async function trajectory(
  absolutePath: string,
  rawRoot: string,
  name: string | undefined,
  log: (level: 'WARNING' | 'INFO', event: string) => void,
): Promise<Cp2kFrame[]> {
  const file = await siblingFile(absolutePath, rawRoot, name);
  if (!file) return [];
  if (file.size > MAX_TRAJECTORY_BYTES) {
    log('WARNING', `the trajectory ${name} is not read: it is larger than ${MAX_TRAJECTORY_BYTES} bytes`);
    return [];
  }
  try {
    const read = readXyzText(await readFile(file.path, 'utf8'));
    if (read.truncated) log('WARNING', `the trajectory ${name}: ${read.truncated}`);
    log('INFO', `the coordinates of each step read from ${name}`);
    return read.frames.map((frame) => ({ species: frame.species, positions: frame.positions }));
  } catch (error) {
    log(
      'WARNING',
      `the trajectory ${name} is not read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [];
  }
}

export const cp2kParser: MainfileParser = {
  name: 'parsers/cp2k',
  code: {
    codeLabel: 'CP2K',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.cp2k.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the CP2K output |\n|\\*-pos-1.xyz | MD coordinates named in the output; the steps of a geometry optimisation (<project>-pos-1.xyz) |\n|\\*-1.ener | MD energies named in the output |\n|\\*-k\\*-1.pdos | projected DOS per atomic kind (and spin) |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output)$/i,
  mainfileContents: /PROGRAM STARTED AT|CP2K\| version string:/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const out = readCp2kOutput(content.toString('latin1'), basename(absolutePath));
    for (const warning of out.warnings ?? []) log('WARNING', warning);
    // MD names its coordinates file; an optimisation writes '<project>-pos-1.xyz' without naming it.
    const optimization = out.runType === 'GEO_OPT' || out.runType === 'CELL_OPT';
    const trajectoryFile =
      out.runType === 'MD'
        ? out.trajectoryFile
        : optimization && out.projectName
          ? `${out.projectName}-pos-1.xyz`
          : undefined;
    const frames = trajectoryFile ? await trajectory(absolutePath, rawRoot, trajectoryFile, log) : [];
    const archive = cp2kArchive(out, frames);
    if (out.runType === 'MD') {
      const calculations = archive.run.calculation ?? [];
      const warn = (event: string) => log('WARNING', event);
      await mergeEnerFile(calculations, out.energiesFile, absolutePath, rawRoot, warn);
    }
    const calculations = archive.run.calculation ?? [];
    const dos = calculations.length > 0 ? await readPdosBeside(absolutePath, rawRoot, out, log) : undefined;
    if (dos) calculations[calculations.length - 1]!.dos_electronic = dos;
    return codeOutput(archive, 'CP2K', 'simulation', log);
  },
};
