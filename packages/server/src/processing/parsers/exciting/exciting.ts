// 'parsers/exciting': exciting ground states and structure optimisations, from INFO.OUT.
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { excitingArchive } from './archive.ts';
import { readExcitingInfo } from './read-info.ts';

export const excitingParser: MainfileParser = {
  name: 'parsers/exciting',
  code: {
    codeLabel: 'exciting',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://exciting-code.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|INFO.OUT | **Mainfile**: the exciting run summary |',
  },
  mainfileName: /(?:^|\/)INFO\.OUT$/,
  mainfileContents: /EXCITING .* started/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, log }): ParserOutput => {
    const archive = excitingArchive(readExcitingInfo(content.toString('latin1')));
    return codeOutput(archive, 'exciting', 'simulation', log);
  },
};
