import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { recordAfter, recordsAfter, startLines, type ConvertLines } from './rule-records.ts';
import { blocks } from './rules.ts';

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
