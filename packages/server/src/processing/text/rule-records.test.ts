import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { numbersIn } from './numbers.ts';
import { linesAfter, recordAfter, recordsAfter, startLines, type ConvertLines } from './rule-records.ts';
import { blocks, every, flag, reals } from './rules.ts';

const OUTPUT = [
  'Command line:',
  '  run -s a.tpr',
  ' Step 1',
  '  Energies',
  '  A   B',
  '  1.0 2.0',
  '  C',
  '  3.0',
  '',
  ' Step 2',
  '  Energies',
  '  A   B',
  '  4.0 ***',
  'Command line:',
].join('\n');

/** A names line and a values line, as many names as values. */
const pairs: ConvertLines<[string, number][]> = ([names, values], warn) => {
  const keys = names!.trim().split(/\s+/).filter(Boolean);
  const tokens = values!.trim().split(/\s+/);
  if (keys.length === 0 || keys.length !== tokens.length) return undefined;
  if (tokens.some((token) => Number.isNaN(Number(token)))) {
    warn('not a number', 1);
    return undefined;
  }
  return keys.map((key, k) => [key, Number(tokens[k])]);
};

describe('recordAfter', () => {
  it('reads the lines after each heading, leaving out a heading with none after it', () => {
    const read = readText(
      { command: recordAfter(/^Command line:/, 1, ([line]) => line!.trim()) },
      OUTPUT,
      'x',
    );
    expect(read.values.command).toEqual(['run -s a.tpr']);
  });
});

describe('recordsAfter', () => {
  it('reads records of several lines until one does not convert, with warnings on their line', () => {
    const read = readText({ tables: recordsAfter(/^\s+Energies/, 2, pairs) }, OUTPUT, 'x.out');
    expect(read.values.tables).toEqual([
      [
        [
          ['A', 1],
          ['B', 2],
        ],
        [['C', 3]],
      ],
      [],
    ]);
    expect(read.warnings).toEqual(['x.out line 13: not a number']);
  });
});

describe('startLines', () => {
  it("reads a block's first lines, nothing when the block is shorter", () => {
    const read = readText(
      { steps: blocks(/^ Step/, { head: startLines(2, (lines) => lines.join('|')) }) },
      OUTPUT,
      'x',
    );
    expect(read.values.steps.map((step) => step.head)).toEqual([' Step 1|  Energies', ' Step 2|  Energies']);
    const short = readText({ steps: blocks(/^Command/, { head: startLines(3, () => 1) }) }, OUTPUT, 'x');
    expect(short.values.steps.map((step) => step.head)).toEqual([1, undefined]);
  });
});

describe('recordAfter with the heading and partial records', () => {
  it('converts a heading with the lines under it, fewer where the scope ends', () => {
    const output = ['CELL (alat= 2.0)', ' 1 0 0', ' 0 1 0', ' 0 0 1', 'CELL (alat= 3.0)', ' 1 1 0'].join(
      '\n',
    );
    const cells = recordAfter(
      /^CELL \(alat=\s*(\S+)\)/,
      3,
      (lines, _, heading) => ({ alat: Number(heading![1]), rows: lines.map((line) => numbersIn(line)) }),
      { partial: true },
    );
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
    const rule = recordAfter(
      /^PP #(\d)/,
      1,
      ([file], warn) => {
        if (file?.trim()) return file.trim();
        warn('no file under the heading', -1);
        return undefined;
      },
      { partial: true },
    );
    const read = readText({ files: rule }, 'PP #1\n  a.upf\nPP #2\n', 'pw.out');
    expect(read.values.files).toEqual(['a.upf']);
    expect(read.warnings).toEqual(['pw.out line 3: no file under the heading']);
  });
});

const CELLS = [
  ' cutoff  : 300 eV',
  ' Lattice',
  '  1.0 0.0 0.0',
  '  0.0 2.0 0.0',
  '  0.0 0.0 3.0',
  ' cutoff  : 400 eV',
  ' Lattice',
  '  4.0 0.0 0.0',
].join('\n');

describe('linesAfter', () => {
  it('reads the given number of lines after each heading, cut at the scope end', () => {
    const read = readText(
      { cells: linesAfter(/^ Lattice$/, 3, { rows: every(/^\s+\d.*$/, reals()) }) },
      CELLS,
      'x.out',
    );
    expect(read.values.cells).toEqual([
      {
        rows: [
          [1, 0, 0],
          [0, 2, 0],
          [0, 0, 3],
        ],
      },
      { rows: [[4, 0, 0]] },
    ]);
  });

  it('leaves the heading and what follows the lines out', () => {
    const read = readText({ after: linesAfter(/^ Lattice$/, 1, { lattice: flag(/Lattice/) }) }, CELLS, 'x');
    expect(read.values.after).toEqual([{ lattice: false }, { lattice: false }]);
  });
});
