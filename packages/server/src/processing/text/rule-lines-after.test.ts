import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { linesAfter, whenNone } from './rule-lines-after.ts';
import { every, flag, reals, text } from './rules.ts';

const OUTPUT = [
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
      OUTPUT,
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
    const read = readText({ after: linesAfter(/^ Lattice$/, 1, { lattice: flag(/Lattice/) }) }, OUTPUT, 'x');
    expect(read.values.after).toEqual([{ lattice: false }, { lattice: false }]);
  });
});

describe('whenNone', () => {
  it('reads the whole scope only when no line is a marker', () => {
    const declaration = { rest: whenNone(/^ Lattice$/, { cutoffs: every(/cutoff/, text(0)) }) };
    expect(readText(declaration, OUTPUT, 'x').values.rest).toBeUndefined();
    expect(readText(declaration, ' cutoff : 1\n cutoff : 2', 'x').values.rest?.cutoffs).toHaveLength(2);
  });
});
