// 'parsers/psi4': Psi4 outputs (SCF, DFT, MP, CI, MCSCF and coupled-cluster runs, gradients and OPTKING
// geometry optimisations).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { psi4Archive } from './archive.ts';
import { readPsi4Output } from './read-psi4.ts';

export const psi4Parser: MainfileParser = {
  name: 'parsers/psi4',
  code: {
    codeLabel: 'Psi4',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://psicode.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out, output.dat (any name) | **Mainfile**: the Psi4 output |',
  },
  // NOMAD matches any name with Psi4's banner in the head.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /Psi4: An Open-Source Ab Initio Electronic Structure Package/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, mainfile, log }): ParserOutput => {
    const read = readPsi4Output(content.toString('latin1'), mainfile);
    for (const warning of read.warnings) log('WARNING', warning);
    const { structure, ...archive } = psi4Archive(read);
    if (structure) return codeOutput({ ...archive, structure }, 'Psi4', 'calculation', log);
    // No geometry printed: an entry of the run alone, without a material, if it computed anything.
    if (!archive.run.calculation) throw new Error('the output stops before its first geometry');
    for (const warning of archive.warnings) log('WARNING', warning);
    return { sections: { run: [archive.run], workflow2: archive.workflow2 }, entryType: 'Psi4' };
  },
};
