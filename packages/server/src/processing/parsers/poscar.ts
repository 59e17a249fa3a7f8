// 'parsers/poscar': VASP POSCAR/CONTCAR files as structure entries. NOMAD has no standalone POSCAR
// parser; a POSCAR is a structure, not a calculation, so (like a CIF) it produces no run section and
// its content lives in results (structure_original, material).
import type { MainfileParser, ParserOutput } from '../types.ts';
import { readPoscar } from './poscar-read.ts';

const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?`;
const THREE = String.raw`[ \t]*${NUM}[ \t]+${NUM}[ \t]+${NUM}[^\n]*\n`;

/**
 * Head of a POSCAR: any comment line, the scaling factor (one or three numbers) on line 2, then
 * three lattice vectors of three numbers each.
 */
const POSCAR_HEAD = new RegExp(
  String.raw`^[^\n]*\n[ \t]*${NUM}(?:[ \t]+${NUM}[ \t]+${NUM})?[ \t\r]*(?:[!#][^\n]*)?\n${THREE}${THREE}${THREE}`,
);

export const poscarParser: MainfileParser = {
  name: 'parsers/poscar',
  code: { codeLabel: 'POSCAR', codeCategory: 'Structure parser' },
  // 'POSCAR', 'CONTCAR', 'NaCl.CONTCAR', 'POSCAR_relaxed', 'x.poscar', 'x.vasp' (basename only).
  mainfileName: /(?:^|\/)(?:[^/]*(?:POSCAR|CONTCAR)[^/]*|[^/]+\.(?:poscar|vasp))$/i,
  mainfileContents: POSCAR_HEAD,
  compressions: ['gz'],
  // 64 MB (1.6 million atoms) peaks near 1 GB.
  maxBytes: 64 * 1024 ** 2,
  parse: ({ content, log }): ParserOutput => {
    const poscar = readPoscar(content.toString('utf8'));
    if (poscar.typesFrom === 'comment') {
      log(
        'WARNING',
        `POSCAR has no species line (VASP 4); species ${poscar.types.join(' ')} taken from the comment`,
      );
    }
    return { sections: {}, structure: poscar.structure, entryType: 'POSCAR' };
  },
};
