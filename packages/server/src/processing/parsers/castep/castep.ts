// 'parsers/castep': CASTEP .castep outputs (single points, optimisations, MD).
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
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
    for (const warning of archive.warnings) log('WARNING', warning);
    return {
      sections: { run: [archive.run], workflow2: archive.workflow2 },
      structure: archive.structure,
      entryType: 'CASTEP',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} CASTEP simulation`,
    };
  },
};
