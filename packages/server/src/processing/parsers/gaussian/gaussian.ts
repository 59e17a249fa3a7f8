// 'parsers/gaussian': Gaussian logs (single points, optimisations, frequencies; one run per linked job).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { gaussianArchive } from './archive.ts';
import { readGaussianLog } from './read-gaussian.ts';

export const gaussianParser: MainfileParser = {
  name: 'parsers/gaussian',
  code: {
    codeLabel: 'Gaussian',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://gaussian.com/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out, \\*.log | **Mainfile**: the Gaussian log (all linked jobs) |',
  },
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output)$/i,
  mainfileContents: /Entering Gaussian System|Gaussian, Inc\./,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, mainfile, log }): ParserOutput => {
    const read = readGaussianLog(content.toString('latin1'), mainfile);
    for (const warning of read.warnings ?? []) log('WARNING', warning);
    const archive = gaussianArchive(read.jobs);
    const output = codeOutput(archive, 'Gaussian', 'calculation', log);
    // One run per job of the log (Link1 steps).
    output.sections.run = archive.runs;
    return output;
  },
};
