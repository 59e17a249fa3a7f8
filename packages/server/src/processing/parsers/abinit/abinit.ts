// 'parsers/abinit': ABINIT main outputs (single-dataset ground states).
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { abinitArchive } from './archive.ts';
import { readAbinitOutput } from './read-abinit.ts';

export const abinitParser: MainfileParser = {
  name: 'parsers/abinit',
  code: {
    codeLabel: 'ABINIT',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.abinit.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out | **Mainfile**: the ABINIT main output |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|abo|txt|output)$/i,
  mainfileContents: /^\s*\.Version\s+\S+\s+of ABINIT/m,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, log }): ParserOutput => {
    const archive = abinitArchive(readAbinitOutput(content.toString('latin1')));
    for (const warning of archive.warnings) log('WARNING', warning);
    return {
      sections: { run: [archive.run], workflow2: archive.workflow2 },
      structure: archive.structure,
      entryType: 'ABINIT',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} ABINIT simulation`,
    };
  },
};
