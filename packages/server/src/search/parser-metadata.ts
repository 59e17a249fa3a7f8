import type { MainfileParser } from '../processing/types.ts';

/**
 * What NOMAD's GUI shows of a code: its label and category (code lists, parser names of entries). The GUI
 * lists the categories in the plural from a fixed dictionary, so each ends in a word it knows ('code',
 * 'parser', 'manager').
 */
const CODES: Readonly<Record<string, { codeLabel: string; codeCategory: string; codeUrl?: string }>> = {
  archive: { codeLabel: 'NOMAD archive', codeCategory: 'Archive parser' },
  vasp: { codeLabel: 'VASP', codeCategory: 'Atomistic code', codeUrl: 'https://www.vasp.at/' },
  'vasp-outcar': {
    codeLabel: 'VASP OUTCAR',
    codeCategory: 'Atomistic code',
    codeUrl: 'https://www.vasp.at/',
  },
  cif: { codeLabel: 'CIF', codeCategory: 'Structure parser' },
  poscar: { codeLabel: 'POSCAR', codeCategory: 'Structure parser' },
  xyz: { codeLabel: 'XYZ', codeCategory: 'Structure parser' },
};

/** NOMAD's `parserMetadata`: per parser its code name, label, category and (empty) upload notes. */
export const parserMetadata = (parsers: readonly MainfileParser[]): Record<string, Record<string, string>> =>
  Object.fromEntries(
    parsers.map((parser) => {
      const codeName = parser.name.replace(/^parsers\//, '');
      const code = CODES[codeName] ?? { codeLabel: codeName, codeCategory: 'Other parser' };
      return [codeName, { codeName, ...code, tableOfFiles: '', parserSpecific: '' }];
    }),
  );
