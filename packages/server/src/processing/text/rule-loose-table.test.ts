import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { looseTables } from './rule-loose-table.ts';
import { fields, real, text } from './rules.ts';

const ATOM = /^\s*\d+\s+([A-Z][a-z]?)\s+(\S+)\s*$/;
const atom = fields({ symbol: text(1), x: real(2) });

describe('looseTables', () => {
  it('passes over the lines between a heading and its first row, whatever their number', () => {
    const output = [' COORDINATES', '', '  Atom  X', '', '  1 O 0.5', '  2 H 1.5', '', '  3 H 2.5'];
    const two = [' COORDINATES', '  Atom  X', '  1 O 0.5'];
    expect(readText({ t: looseTables(/COORDINATES/, ATOM, atom) }, output.join('\n'), 'a').values.t).toEqual([
      [
        { symbol: 'O', x: 0.5 },
        { symbol: 'H', x: 1.5 },
      ],
    ]);
    expect(readText({ t: looseTables(/COORDINATES/, ATOM, atom) }, two.join('\n'), 'b').values.t).toEqual([
      [{ symbol: 'O', x: 0.5 }],
    ]);
  });

  it('finds no rows past `within` lines, and reports a row that does not convert', () => {
    const output = [' COORDINATES', '', '', '  1 O 0.5', ' COORDINATES', '  1 O ****', '  2 H 1.5'];
    const read = readText(
      { t: looseTables(/COORDINATES/, ATOM, atom, { within: 2 }) },
      output.join('\n'),
      'c',
    );
    expect(read.values.t).toEqual([[], [{ symbol: 'H', x: 1.5 }]]);
    expect(read.warnings).toEqual(["c line 6: '****' is not a number"]);
  });
});
