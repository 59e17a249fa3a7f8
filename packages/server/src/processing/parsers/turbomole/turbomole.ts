// 'parsers/turbomole': TURBOMOLE outputs (the modules of one job written one after another: dscf, ridft,
// grad, statpt, aoforce, escf, ricc2, ccsdf12, pnoccsd, freeh).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { turbomoleArchive } from './archive.ts';
import { readTurbomoleOutput } from './read-turbomole.ts';

export const turbomoleParser: MainfileParser = {
  name: 'parsers/turbomole',
  code: {
    codeLabel: 'TURBOMOLE',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.turbomole.org/',
    tableOfFiles:
      "|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the output of TURBOMOLE's modules |",
  },
  // NOMAD matches any name with TURBOMOLE's copyright line in the head.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /Copyright \(C\) [0-9]+ TURBOMOLE GmbH, Karlsruhe/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, mainfile, log }): ParserOutput => {
    const read = readTurbomoleOutput(content.toString('latin1'), mainfile);
    for (const warning of read.warnings) log('WARNING', warning);
    return codeOutput(turbomoleArchive(read), 'TURBOMOLE', 'calculation', log);
  },
};
