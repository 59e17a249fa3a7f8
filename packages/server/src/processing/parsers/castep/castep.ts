// 'parsers/castep': CASTEP .castep outputs (single points, optimisations, MD, band structures,
// phonons), with the band path of the .cell file beside a band-structure run.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siblingText } from '../sibling-files.ts';
import { castepArchive } from './archive.ts';
import { readKpointPath, type KpointPath } from './band-path.ts';
import { readCastepOutput, type CastepOutput } from './read-castep.ts';

const MAX_CELL_BYTES = 16 * 1024 ** 2;

/** The k-point path of the seed's .cell file, for a run that printed band energies. */
async function kpointPath(
  out: CastepOutput,
  absolutePath: string,
  rawRoot: string,
  warnings: string[],
): Promise<KpointPath | undefined> {
  if (!out.bands) return undefined;
  const name = basename(absolutePath).replace(/\.castep(?:\.gz)?$/i, '.cell');
  const read = await siblingText(absolutePath, rawRoot, name, MAX_CELL_BYTES);
  if (!read) {
    warnings.push(`${name} is not beside the output: band energies kept as eigenvalues, no band path`);
    return undefined;
  }
  if ('problem' in read) {
    warnings.push(read.problem);
    return undefined;
  }
  return readKpointPath(read.text);
}

export const castepParser: MainfileParser = {
  name: 'parsers/castep',
  code: {
    codeLabel: 'CASTEP',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.castep.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.castep | **Mainfile**: the CASTEP output |\n' +
      '|\\*.cell | the band-structure path of a band-structure run |',
  },
  mainfileName: /(?:^|\/)[^/]+\.castep$/i,
  mainfileContents: /CASTEP version/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const out = readCastepOutput(content.toString('latin1'), basename(absolutePath));
    // What the reader found but could not read goes to the entry's log with its file and line.
    const warnings: string[] = [...out.warnings];
    const archive = castepArchive(out, await kpointPath(out, absolutePath, rawRoot, warnings));
    archive.warnings.push(...warnings);
    return codeOutput(archive, 'CASTEP', 'simulation', log);
  },
};
