// 'parsers/castep': CASTEP .castep outputs (single points, optimisations, MD).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { castepArchive } from './archive.ts';
import { readCastepOutput } from './read-castep.ts';

export const castepParser: MainfileParser = {
  name: 'parsers/castep',
  code: {
    codeLabel: 'CASTEP',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://www.castep.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.castep | **Mainfile**: the CASTEP output |',
  },
  mainfileName: /(?:^|\/)[^/]+\.castep$/i,
  mainfileContents: /CASTEP version/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, log }): ParserOutput => {
    const archive = castepArchive(readCastepOutput(content.toString('latin1')));
    return codeOutput(archive, 'CASTEP', 'simulation', log);
  },
};
