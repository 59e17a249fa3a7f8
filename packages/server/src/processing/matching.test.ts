import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, getParser, matchParser } from './matching.ts';
import type { MainfileParser } from './types.ts';

const head = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('matchParser', () => {
  it('matches archive files by name', () => {
    for (const name of ['a.archive.json', 'dir/sub/x.archive.yaml', 'x.archive.yml', 'X.ARCHIVE.JSON']) {
      expect(matchParser(name, head('{}'))?.name).toBe('parsers/archive');
    }
    expect(matchParser('archive.json', head('{}'))).toBeUndefined();
    expect(matchParser('a.archive.json.bak', head('{}'))).toBeUndefined();
  });

  it('matches CIF files by name and content', () => {
    expect(matchParser('s/NaCl.cif', head('# comment\ndata_NaCl\n'))?.name).toBe('parsers/cif');
    expect(matchParser('s/NaCl.CIF', head('data_x'))?.name).toBe('parsers/cif');
    // A '.cif' without a data block is not a CIF mainfile.
    expect(matchParser('notes.cif', head('just text'))).toBeUndefined();
  });

  it('leaves other files unmatched', () => {
    expect(matchParser('README.md', head('# readme'))).toBeUndefined();
    expect(matchParser('data.json', head('{}'))).toBeUndefined();
  });

  it('only looks at the first 4 KB', () => {
    const late = Buffer.concat([Buffer.alloc(HEAD_BYTES, 0x20), head('data_late')]);
    expect(matchParser('late.cif', late)).toBeUndefined();
  });

  it('matches compressed mainfiles by their decompressed head, if the parser accepts the compression', () => {
    expect(matchParser('a/x.cif.gz', head('data_x\n'))?.name).toBe('parsers/cif');
    expect(matchParser('a/x.cif.gz', head('not a cif'))).toBeUndefined();
    // Archive files are not accepted compressed.
    expect(matchParser('a/x.archive.json.gz', head('{}'))).toBeUndefined();
  });

  it('takes the first match of the registry order', () => {
    const parse = (): never => {
      throw new Error('unused');
    };
    const code = { codeLabel: 'Test', codeCategory: 'Test parser' };
    const first: MainfileParser = {
      name: 'parsers/first',
      code,
      mainfileName: /\.txt$/,
      mainfileContents: /^A/,
      parse,
    };
    const second: MainfileParser = { name: 'parsers/second', code, mainfileName: /\.txt$/, parse };
    expect(matchParser('x.txt', head('A...'), [first, second])?.name).toBe('parsers/first');
    expect(matchParser('x.txt', head('B...'), [first, second])?.name).toBe('parsers/second');
  });

  it('finds parsers by name', () => {
    expect(getParser('parsers/cif')?.name).toBe('parsers/cif');
    expect(getParser('parsers/none')).toBeUndefined();
  });
});
