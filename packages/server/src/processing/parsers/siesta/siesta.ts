// 'parsers/siesta': SIESTA main outputs (single points, geometry optimisations, MD), with the echo of
// their fdf input.
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { siestaArchive } from './archive.ts';
import { fdfParameter } from './read-siesta-fdf.ts';
import { readSiestaBands } from './read-siesta-bands.ts';
import { readSiestaEigenvalues } from './read-siesta-eig.ts';
import { readSiestaOutput } from './read-siesta.ts';

export const siestaParser: MainfileParser = {
  name: 'parsers/siesta',
  code: {
    codeLabel: 'SIESTA',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://siesta-project.org/siesta',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|`*` (any name) | **Mainfile**: the SIESTA output (standard output), with its echo of the fdf input |\n|`<SystemLabel>.EIG` | eigenvalues of the last SCF |\n|`<SystemLabel>.KP` | their k-points and weights |\n|`<SystemLabel>.bands` | band structure along the BandLines path |',
  },
  // NOMAD matches any name by the header: 'Siesta Version: siesta-', 'SIESTA 4.1.5' or the welcome box.
  mainfileName: /(?:^|\/)[^/]+$/,
  mainfileContents: /(?:Siesta Version: siesta-|SIESTA [0-9]\.[0-9]\.[0-9])|\*\s*WELCOME TO SIESTA\s*\*/,
  compressions: ['gz'],
  maxBytes: 256 * 1024 ** 2,
  parse: async ({ content, mainfile, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const read = readSiestaOutput(content.toString('latin1'), mainfile);
    for (const warning of read.warnings) log('WARNING', warning);
    // The files SIESTA writes are named by the SystemLabel ('siesta' by default).
    const label = String(fdfParameter(read.input, 'SystemLabel') ?? 'siesta');
    const warn = (message: string) => log('WARNING', message);
    const eigenvalues = await readSiestaEigenvalues(absolutePath, rawRoot, label, warn);
    const bands = await readSiestaBands(absolutePath, rawRoot, label, read.input, warn);
    return codeOutput(siestaArchive(read, eigenvalues, bands), 'SIESTA', 'calculation', log);
  },
};
