import { describe, expect, it } from 'vitest';
import { codesByCategory, tableRows } from './codeList.ts';

describe('the code list', () => {
  it('groups the parsers by category, in order, with their labels', () => {
    const categories = codesByCategory({
      vasp: { codeLabel: 'VASP', codeCategory: 'Atomistic code', codeUrl: 'https://www.vasp.at/' },
      cif: { codeLabel: 'CIF', codeCategory: 'Structure parser' },
      abinit: { codeLabel: 'ABINIT', codeCategory: 'Atomistic code', tableOfFiles: '|a|b|' },
      odd: {},
    });
    expect(categories.map((c) => c.title)).toEqual(['Atomistic codes', 'Other parsers', 'Structure parsers']);
    expect(categories[0]!.codes.map((c) => c.label)).toEqual(['ABINIT', 'VASP']);
    expect(categories[0]!.codes[1]!.url).toBe('https://www.vasp.at/');
    expect(categories[1]!.codes[0]!.label).toBe('odd');
  });

  it("reads a code's table of files", () => {
    expect(tableRows('|Input Filename| Description|\n|--- | --- |\n|\\*.out | **Mainfile** |')).toEqual([
      ['Input Filename', 'Description'],
      ['\\*.out', '**Mainfile**'],
    ]);
    expect(tableRows('')).toEqual([]);
  });
});
