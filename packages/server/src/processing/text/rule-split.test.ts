import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { after, before, parts, whenNone } from './rule-split.ts';
import { every, first, integer, text } from './rules.ts';

const OUTPUT = [
  'preamble of a script',
  'Program X v.1 run A',
  ' energy = 1',
  ' STARTING OPTIMIZATION',
  ' energy = 2',
  ' STEP 1',
  ' energy = 3',
  'Program X v.1 run B',
  ' energy = 4',
].join('\n');

const energies = every(/energy = (\d+)/, integer());

describe('before, after and parts', () => {
  it('reads the lines before the first marker, or all of them', () => {
    const read = readText(
      {
        head: before([/STARTING OPTIMIZATION/, /STEP \d/], { energies }),
        none: before([/no such line/], { energies }),
      },
      OUTPUT,
      'x.out',
    );
    expect(read.values.head.energies).toEqual([1]);
    expect(read.values.none.energies).toEqual([1, 2, 3, 4]);
  });

  it('reads from the first marker to the end, including what repeats the marker', () => {
    const read = readText(
      {
        tail: after(/Program X/, { energies, runs: every(/Program X v\.1 run (\w)/, text()) }),
        none: after(/no such line/, { energies }),
      },
      OUTPUT,
      'x.out',
    );
    expect(read.values.tail).toEqual({ energies: [1, 2, 3, 4], runs: ['A', 'B'] });
    expect(read.values.none).toBeUndefined();
  });

  it('cuts a scope before every marker but the first; the first part keeps the preamble', () => {
    const runs = readText(
      { runs: parts(/^Program X/, { preamble: first(/^(preamble)/, text()), energies }) },
      OUTPUT,
      'x.out',
    ).values.runs;
    expect(runs).toEqual([
      { preamble: 'preamble', energies: [1, 2, 3] },
      { preamble: undefined, energies: [4] },
    ]);
    const single = readText({ runs: parts(/^Program Y/, { energies }) }, OUTPUT, 'x.out').values.runs;
    expect(single).toEqual([{ energies: [1, 2, 3, 4] }]);
  });
});

describe('whenNone', () => {
  it('reads the whole scope only when no line is a marker', () => {
    const declaration = { rest: whenNone(/^ Lattice$/, { cutoffs: every(/cutoff/, text(0)) }) };
    expect(readText(declaration, ' cutoff : 1\n Lattice', 'x').values.rest).toBeUndefined();
    expect(readText(declaration, ' cutoff : 1\n cutoff : 2', 'x').values.rest?.cutoffs).toHaveLength(2);
  });
});
