// 'parsers/vasp-outcar': VASP OUTCAR files (NOMAD's 'parsers/vasp' reads them too, but here that
// name belongs to the vasprun.xml parser). Tags of a sibling INCAR complete the echoed parameters.
import { compositionOf, hillFormula } from '../../normalizers/formula.ts';
import type { MainfileParser, ParsedSections, ParserOutput } from '../../types.ts';
import { outcarArchive } from './archive.ts';
import { readOutcar, type Outcar } from './read-outcar.ts';
import { readDoscar } from './doscar.ts';
import { readSiblingDoscar, readSiblingIncar } from './sibling.ts';
import type { RawDos } from '../vasp/raw.ts';

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
    const doscar = await siblingDos(absolutePath, rawRoot, outcar, log);
    const archive = outcarArchive(outcar, incar?.tags, doscar);
    for (const warning of archive.warnings) log('WARNING', warning);
    const sections: ParsedSections = { run: [archive.run] };
    if (archive.workflow2) sections.workflow2 = archive.workflow2;
    return {
      sections,
      structure: archive.structure,
      entryType: 'VASP',
      entryName: `${hillFormula(compositionOf(archive.structure.species))} VASP simulation`,
    };
  },
};

/** The sibling DOSCAR's density of states; undefined (after a WARNING) when it does not fit the run. */
async function siblingDos(
  absolutePath: string,
  rawRoot: string,
  outcar: Outcar,
  log: (level: 'WARNING' | 'INFO', event: string) => void,
): Promise<RawDos | undefined> {
  try {
    const sibling = await readSiblingDoscar(absolutePath, rawRoot);
    if (!sibling) return undefined;
    if ('problem' in sibling) {
      log('WARNING', sibling.problem);
      return undefined;
    }
    const nIons = outcar.ionsPerType.reduce((a, b) => a + b, 0);
    const noncollinear = outcar.parameters.LNONCOLLINEAR === true;
    const dos = readDoscar(sibling.text, nIons, noncollinear);
    log('INFO', `density of states read from ${sibling.name}`);
    return dos;
  } catch (error) {
    log('WARNING', `sibling DOSCAR not used: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
