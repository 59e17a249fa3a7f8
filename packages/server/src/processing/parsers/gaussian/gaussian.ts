// 'parsers/gaussian': Gaussian logs (single points, optimisations, frequencies; linked jobs as one).
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
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
  parse: ({ content, log }): ParserOutput => {
    const archive = gaussianArchive(readGaussianLog(content.toString('latin1')));
    for (const warning of archive.warnings) log('WARNING', warning);
    return {
      sections: { run: [archive.run], workflow2: archive.workflow2 },
      structure: archive.structure,
      entryType: 'Gaussian',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} Gaussian calculation`,
    };
  },
};
