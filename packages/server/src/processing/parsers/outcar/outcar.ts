// 'parsers/vasp-outcar': VASP OUTCAR files (NOMAD's 'parsers/vasp' reads them too, but here that
// name belongs to the vasprun.xml parser). Tags of a sibling INCAR complete the echoed parameters.
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParserOutput } from '../../types.ts';
import { outcarArchive } from './archive.ts';
import { readOutcar } from './read-outcar.ts';
import { readSiblingIncar } from './sibling.ts';

export const outcarParser: MainfileParser = {
  name: 'parsers/vasp-outcar',
  code: { codeLabel: 'VASP OUTCAR', codeCategory: 'Atomistic code', codeUrl: 'https://www.vasp.at/' },
  // 'OUTCAR', 'OUTCAR.relax', 'run1.OUTCAR' (basename only).
  mainfileName: /(?:^|\/)[^/]*OUTCAR[^/]*$/i,
  // VASP's first line: ' vasp.5.4.1 24Jun15 (build ...) complex'.
  mainfileContents: /^\s*vasp\.\d/,
  compressions: ['gz'],
  // The reader holds all lines: 256 MB peaks near 1.1 GB.
  maxBytes: 256 * 1024 ** 2,
  parse: async ({ content, absolutePath, rawRoot, log }): Promise<ParserOutput> => {
    const outcar = readOutcar(content.toString('latin1'));
    let incar;
    try {
      incar = await readSiblingIncar(absolutePath, rawRoot);
    } catch (error) {
      log(
        'WARNING',
        `sibling INCAR could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (incar) log('INFO', `INCAR parameters read from ${incar.name}`);
    const archive = outcarArchive(outcar, incar?.tags);
    for (const warning of archive.warnings) log('WARNING', warning);
    const sections: Record<string, unknown> = { run: [archive.run] };
    if (archive.workflow2) sections.workflow2 = archive.workflow2;
    return {
      sections,
      structure: archive.structure,
      entryType: 'VASP',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} VASP simulation`,
    };
  },
};
