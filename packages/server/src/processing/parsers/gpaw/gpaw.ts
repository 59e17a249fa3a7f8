// 'parsers/gpaw': GPAW restart files (.gpw), tar archives of info.xml and arrays (GPAW up to 1.1.0) or
// ulm files (GPAW 1.1.1 and later), read by ranges so that files with wave functions need not fit.
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { gpawArchive } from './archive.ts';
import { bufferSource, type ByteSource, withFileSource } from './byte-source.ts';
import { readGpw } from './read-gpw.ts';

async function parseSource(source: ByteSource, log: Parameters<MainfileParser['parse']>[0]['log']) {
  const run = await readGpw(source);
  return codeOutput(gpawArchive(run), 'GPAW', 'calculation', log);
}

export const gpawParser: MainfileParser = {
  name: 'parsers/gpaw',
  code: {
    codeLabel: 'GPAW',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://wiki.fysik.dtu.dk/gpaw/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n' +
      '|\\*.gpw, \\*.gpw2 | **Mainfile**: the GPAW restart file (tar archive or ulm) |',
  },
  mainfileName: /(?:^|\/)[^/]+\.gpw2?$/,
  // A ulm file's magic, or a tar archive's 'ustar' mark at byte 257.
  mainfileContents: /^(?:AFFormat|- of Ulm)|^[\s\S]{257}ustar/,
  parse: ({ content, log }): Promise<ParserOutput> => parseSource(bufferSource(content), log),
  parseStream: ({ absolutePath, log }): Promise<ParserOutput> =>
    withFileSource(absolutePath, (source) => parseSource(source, log)),
};
