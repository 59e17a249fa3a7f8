// 'parsers/orca': ORCA outputs (single points, geometry optimisations).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { orcaArchive } from './archive.ts';
import { readOrcaOutput } from './read-orca.ts';

export const orcaParser: MainfileParser = {
  name: 'parsers/orca',
  code: {
    codeLabel: 'ORCA',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.faccts.de/orca/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the ORCA output |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output)$/i,
  mainfileContents: /\* O {3}R {3}C {3}A \*/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, mainfile, log }): ParserOutput => {
    const read = readOrcaOutput(content.toString('latin1'), mainfile);
    for (const warning of read.warnings ?? []) log('WARNING', warning);
    const archive = orcaArchive(read);
    return codeOutput(archive, 'ORCA', 'calculation', log);
  },
};
