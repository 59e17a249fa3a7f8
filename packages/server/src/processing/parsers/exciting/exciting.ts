// 'parsers/exciting': exciting ground states and structure optimisations, from INFO.OUT (with the
// EIGVAL.OUT and info.xml beside it).
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { excitingArchive } from './archive.ts';
import { addEigenvalues } from './eigval.ts';
import { addInfoXmlEnergies } from './info-xml.ts';
import { readExcitingInfo } from './read-info.ts';

export const excitingParser: MainfileParser = {
  name: 'parsers/exciting',
  code: {
    codeLabel: 'exciting',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://exciting-code.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|INFO.OUT | **Mainfile**: the exciting run summary |\n|EIGVAL.OUT | eigenvalues and occupancies of the last ground state |\n|info.xml | energy terms of the last SCF |',
  },
  mainfileName: /(?:^|\/)INFO\.OUT$/,
  mainfileContents: /EXCITING .* started/,
  compressions: ['gz'],
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const info = readExcitingInfo(content.toString('latin1'));
    const archive = excitingArchive(info);
    const calculations = archive.run.calculation as Record<string, unknown>[];
    const last = calculations[calculations.length - 1];
    const warn = (event: string) => log('WARNING', event);
    if (last) {
      await addEigenvalues(last, info.spinPolarized ? 2 : 1, absolutePath, rawRoot, warn);
      await addInfoXmlEnergies(last, absolutePath, rawRoot, warn);
    }
    return codeOutput(archive, 'exciting', 'simulation', log);
  },
};
