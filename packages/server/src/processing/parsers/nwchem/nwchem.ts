// 'parsers/nwchem': NWChem DFT outputs (energies, gradients, optimisations).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { nwchemArchive } from './archive.ts';
import { readNwchemOutput } from './read-nwchem.ts';

export const nwchemParser: MainfileParser = {
  name: 'parsers/nwchem',
  code: {
    codeLabel: 'NWChem',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://nwchemgit.github.io/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the NWChem output |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output|nwo)$/i,
  mainfileContents: /Northwest Computational Chemistry Package|echo of input deck/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, mainfile, log }): ParserOutput => {
    const read = readNwchemOutput(content.toString('latin1'), mainfile);
    for (const warning of read.warnings ?? []) log('WARNING', warning);
    const archive = nwchemArchive(read);
    return codeOutput(archive, 'NWChem', 'calculation', log);
  },
};
