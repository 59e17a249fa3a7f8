// 'parsers/fhi-aims': FHI-aims main outputs (SCF, geometry optimisation, molecular dynamics).
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { aimsArchive } from './archive.ts';
import { readAimsOutput } from './read-aims.ts';

export const fhiAimsParser: MainfileParser = {
  name: 'parsers/fhi-aims',
  code: {
    codeLabel: 'FHI-aims',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://fhi-aims.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the standard output of aims.x |\n|control.in, geometry.in | echoed in the mainfile |',
  },
  // aims.x writes to standard output, which users name as they like.
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|output)$|(?:^|\/)[^/.]+$/i,
  mainfileContents: /Invoking FHI-aims \.\.\./,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, log }): ParserOutput => {
    const archive = aimsArchive(readAimsOutput(content.toString('latin1')));
    for (const warning of archive.warnings) log('WARNING', warning);
    return {
      sections: { run: [archive.run], workflow2: archive.workflow2 },
      structure: archive.structure,
      entryType: 'FHI-aims',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} FHI-aims simulation`,
    };
  },
};
