// 'parsers/cif': crystallographic information files as structure entries.
import { loadMoyo } from '../normalizers/symmetry-moyo.ts';
import type { DeclaredSymmetry, MainfileParser, ParserOutput } from '../types.ts';
import { moyoTables } from './cif-spacegroup.ts';
import { readCifStructure } from './cif-structure.ts';

export const cifParser: MainfileParser = {
  name: 'parsers/cif',
  code: { codeLabel: 'CIF', codeCategory: 'Structure parser' },
  mainfileName: /\.cif$/i,
  // A CIF has a data block near the top; the check keeps other '.cif' files raw.
  mainfileContents: /(^|\n)[ \t]*data_/i,
  compressions: ['gz'],
  // A 16 MB CIF (400k atom sites) peaks near 0.8 GB and takes 20 s with its normalisation.
  maxBytes: 32 * 1024 ** 2,
  parse: async ({ content, log }): Promise<ParserOutput> => {
    // The space-group tables are only needed for files that name a group without listing its
    // operations; the loader is memoised per thread, so this costs little after the first file.
    const cif = readCifStructure(content.toString('utf8'), moyoTables(await loadMoyo()));
    for (const note of cif.notes) log('INFO', note);
    for (const warning of cif.warnings) log('WARNING', warning);
    const declaredSymmetry: DeclaredSymmetry = {};
    if (cif.spaceGroupSymbol !== undefined) declaredSymmetry.spaceGroupSymbol = cif.spaceGroupSymbol;
    if (cif.spaceGroupNumber !== undefined) declaredSymmetry.spaceGroupNumber = cif.spaceGroupNumber;
    // CIF content lives in results (structure_original, material); there is no run/data section.
    const output: ParserOutput = {
      sections: {},
      structure: cif.structure,
      declaredSymmetry,
      entryType: 'CIF',
    };
    if (cif.formula !== undefined) output.declaredFormula = cif.formula;
    return output;
  },
};
