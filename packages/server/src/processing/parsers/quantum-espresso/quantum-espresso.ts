// 'parsers/quantumespresso': Quantum ESPRESSO pw.x outputs (SCF, relax, vc-relax, MD, band runs).
import { basename } from 'node:path';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { codeOutput } from '../code-sections.ts';
import { pwArchive } from './archive.ts';
import { addDataFile } from './data-file-xml.ts';
import { readDosBeside } from './dos-file.ts';
import { readPwRuns } from './read-pw.ts';

export const quantumEspressoParser: MainfileParser = {
  name: 'parsers/quantumespresso',
  code: {
    codeLabel: 'Quantum ESPRESSO',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.quantum-espresso.org/',
    tableOfFiles:
      '|Input Filename| Description|\n|--- | --- |\n|\\*.out (any name) | **Mainfile**: the output of pw.x (scf, relax, vc-relax, md, bands) |\n|\\*.dos | the DOS of dos.x |\n|\\*.save/data-file-schema.xml | the last SCF at full precision, with occupations |',
  },
  // Any name: pw.x writes to standard output, which users name as they like ('pw.out', 'scf.log').
  mainfileName: /(?:^|\/)[^/]+\.(?:out|log|txt|pwo|output)$|(?:^|\/)[^/.]+$/i,
  mainfileContents: /Program PWSCF\s+v\./,
  compressions: ['gz'],
  // The reader holds all lines: a 64 MB output (thousands of MD steps) stays well below 1 GB.
  maxBytes: 64 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const text = content.toString('latin1');
    // One run section per pw.x run in the file; side files are of the last one.
    const archives = readPwRuns(text, basename(absolutePath)).map((out, index) => pwArchive(out, index));
    const last = archives[archives.length - 1]!;
    await addDataFile(last.run, text, absolutePath, rawRoot, (event) => log('WARNING', event));
    const calculations = last.run.calculation;
    const dos = calculations && (await readDosBeside(absolutePath, rawRoot));
    if (dos && calculations) {
      calculations[calculations.length - 1]!.dos_electronic = dos;
      log('INFO', 'the DOS beside the output (dos.x) is read');
    }
    // A later run's warnings, unless the first run has said the same (the same functional, say).
    const said = new Set(archives[0]!.warnings);
    for (const archive of archives.slice(1))
      for (const warning of archive.warnings) {
        if (!said.has(warning)) log('WARNING', warning);
        said.add(warning);
      }
    const output = codeOutput(archives[0]!, 'QuantumESPRESSO', 'simulation', log);
    if (archives.length > 1) {
      output.sections.run = archives.map((archive) => archive.run);
      log('INFO', `the output holds ${archives.length} pw.x runs: one run section each`);
    }
    return output;
  },
};
