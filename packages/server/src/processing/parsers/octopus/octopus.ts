// 'parsers/octopus': Octopus runs, from the standard output (the mainfile, any name) and the files of
// its run folder: inp, exec/parser.log, static/info and static/eigenvalues.
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { realPathInside } from '../../raw-paths.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { octopusArchive } from './archive.ts';
import { readInp, readParserLog, type OctopusVariables } from './input-variables.ts';
import { readOctopusInfo, type OctopusInfo } from './read-info.ts';
import { readOctopusOutput, type OctopusOutput } from './read-octopus.ts';
import { readXyz, type XyzFrame } from '../xyz-read.ts';

const MAX_SIDE_FILE_BYTES = 64 * 1024 ** 2;
/** Optimisation steps whose geometry file is read (a longer optimisation keeps its energies only). */
const MAX_STEP_FILES = 2000;

/** A file of the run folder (a path under the mainfile's folder, inside the upload), as text. */
async function runFile(
  absolutePath: string,
  rawRoot: string,
  path: string,
  warnings: string[],
): Promise<string | undefined> {
  const real = realPathInside(join(dirname(absolutePath), path), rawRoot);
  if (!real) return undefined;
  const info = await stat(real);
  if (!info.isFile()) return undefined;
  if (info.size > MAX_SIDE_FILE_BYTES) {
    warnings.push(`${path} is larger than ${MAX_SIDE_FILE_BYTES / 1024 ** 2} MB: not read`);
    return undefined;
  }
  return readFile(real, 'latin1');
}

async function infoFile(absolutePath: string, rawRoot: string, path: string, warnings: string[]) {
  const text = await runFile(absolutePath, rawRoot, path, warnings);
  if (text === undefined) return undefined;
  const read = readOctopusInfo(text, path);
  warnings.push(...read.warnings);
  return read.info;
}

/** The geometry Octopus writes at each optimisation step, geom/go.NNNN.xyz (Å). */
async function stepGeometries(
  out: OctopusOutput,
  absolutePath: string,
  rawRoot: string,
  warnings: string[],
): Promise<(XyzFrame | undefined)[]> {
  const frames: (XyzFrame | undefined)[] = [];
  for (const step of out.minimization.slice(0, MAX_STEP_FILES)) {
    const name = step.step === undefined ? undefined : `geom/go.${String(step.step).padStart(4, '0')}.xyz`;
    const text = name && (await runFile(absolutePath, rawRoot, name, warnings));
    try {
      frames.push(text ? readXyz(text)[0] : undefined);
    } catch (error) {
      warnings.push(`${name}: ${(error as Error).message}`);
      frames.push(undefined);
    }
  }
  return frames;
}

export const octopusParser: MainfileParser = {
  name: 'parsers/octopus',
  code: {
    codeLabel: 'Octopus',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://octopus-code.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n' +
      '|`<text_file>` | **Mainfile:** the standard output (any name) |\n' +
      '|`inp` | the input file |\n' +
      '|`exec/parser.log` | the input variables as Octopus used them (defaults included) |\n' +
      '|`static/info` | the final energies, forces and eigenvalues of a ground-state run |\n' +
      '|`static/eigenvalues` | the eigenvalues, when written apart |\n' +
      '|`geom/go.NNNN.xyz` | the geometry of each step of an optimisation |',
  },
  // Any file whose head has the octopus of the banner (its eyes).
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /\|0\) ~ \(0\) \|/,
  compressions: ['gz'],
  maxBytes: 128 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const out = readOctopusOutput(content.toString('latin1'), basename(absolutePath));
    const warnings: string[] = [...out.warnings];
    const inpText = await runFile(absolutePath, rawRoot, 'inp', warnings);
    const logText = await runFile(absolutePath, rawRoot, 'exec/parser.log', warnings);
    const inp: OctopusVariables = inpText !== undefined ? readInp(inpText) : new Map();
    const parserLog: OctopusVariables = logText !== undefined ? readParserLog(logText) : new Map();
    const info: OctopusInfo | undefined = await infoFile(absolutePath, rawRoot, 'static/info', warnings);
    const eigenvalues = await infoFile(absolutePath, rawRoot, 'static/eigenvalues', warnings);
    if (inpText === undefined && logText === undefined)
      throw new Error('neither inp nor exec/parser.log is beside the output: no coordinates to read');
    const steps = await stepGeometries(out, absolutePath, rawRoot, warnings);
    const archive = octopusArchive({ out, info, eigenvalues, inp, parserLog, steps });
    if (!(archive.structure as unknown))
      throw new Error('no Coordinates or ReducedCoordinates block in exec/parser.log or inp');
    archive.warnings.push(...warnings);
    return codeOutput(archive, 'Octopus', 'calculation', log);
  },
};
