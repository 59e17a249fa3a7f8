// 'parsers/elk': Elk ground-state runs, from INFO.OUT with EIGVAL.OUT and TDOS.OUT beside it.
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { elkArchive } from './archive.ts';
import { readElkSideFiles } from './read-elk-files.ts';
import { readElkInfo } from './read-elk.ts';

export const elkParser: MainfileParser = {
  name: 'parsers/elk',
  code: {
    codeLabel: 'Elk',
    codeCategory: 'Atomistic code',
    codeUrl: 'http://elk.sourceforge.net/',
    tableOfFiles: [
      '|Input Filename| Description|',
      '|--- | --- |',
      '|`INFO.OUT` | **Mainfile**: the run, its settings and SCF loops |',
      '|`EIGVAL.OUT` | eigenvalues and occupations per k-point |',
      '|`TDOS.OUT` | total density of states |',
    ].join('\n'),
  },
  // NOMAD matches any name by the banner of the run's start.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /\| Elk version [0-9.a-zA-Z]+ started \|/,
  compressions: ['gz'],
  maxBytes: 128 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const info = readElkInfo(content.toString('latin1'), basename(absolutePath));
    for (const warning of info.warnings) log('WARNING', warning);
    const files = await readElkSideFiles(absolutePath, rawRoot, (message) => log('WARNING', message));
    return codeOutput(elkArchive(info, files), 'Elk', 'calculation', log);
  },
};
