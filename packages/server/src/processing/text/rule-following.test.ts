import { describe, expect, it } from 'vitest';
import { numbersIn } from './numbers.ts';
import { readText } from './read-text.ts';
import { following } from './rule-following.ts';

describe('following', () => {
  it('converts a heading with the lines under it, fewer where the scope ends', () => {
    const output = ['CELL (alat= 2.0)', ' 1 0 0', ' 0 1 0', ' 0 0 1', 'CELL (alat= 3.0)', ' 1 1 0'].join(
      '\n',
    );
    const cells = following(/^CELL \(alat=\s*(\S+)\)/, 3, (heading, lines) => ({
      alat: Number(heading[1]),
      rows: lines.map((line) => numbersIn(line)),
    }));
    expect(readText({ cells }, output, 'x').values.cells).toEqual([
      {
        alat: 2,
        rows: [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      { alat: 3, rows: [[1, 1, 0]] },
    ]);
  });

  it('drops what does not convert and says where', () => {
    const rule = following(/^PP #(\d)/, 1, (_, [file], warn) => {
      if (file?.trim()) return file.trim();
      warn('no file under the heading');
      return undefined;
    });
    const read = readText({ files: rule }, 'PP #1\n  a.upf\nPP #2\n', 'pw.out');
    expect(read.values.files).toEqual(['a.upf']);
    expect(read.warnings).toEqual(['pw.out line 3: no file under the heading']);
  });
});
