// 'parsers/abinit': ABINIT main outputs (ground states, one calculation per dataset).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
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
    return codeOutput(archive, 'ABINIT', 'simulation', log);
  },
};
