import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { blocks, every, first, real, text } from './rules.ts';
import { among, runs, spans } from './spans.ts';

describe('spans', () => {
  const output = [
    'ORBITAL ENERGIES',
    '----------------',
    '  SPIN UP',
    '   0   2.0  -20.5',
    '',
    '  SPIN DOWN',
    '   0   1.0  -19.5',
    'MULLIKEN',
    '   0   9.9  -99.9',
  ].join('\n');

  it('reads a heading and the lines that continue it, blank lines and sub-headings included', () => {
    const declaration = {
      tables: spans(
        /^ORBITAL ENERGIES/,
        /^\s*(\d|SPIN|$)/,
        { energies: every(/^\s*\d+\s+\S+\s+(\S+)/, real()) },
        { skip: 1 },
      ),
    };
    expect(readText(declaration, output, 'out').values.tables).toEqual([{ energies: [-20.5, -19.5] }]);
  });

  it('nests blocks inside a span', () => {
    const declaration = {
      tables: spans(
        /^ORBITAL ENERGIES/,
        /^\s*(\d|SPIN|$)/,
        { spins: blocks(/SPIN/, { e: every(/^\s*\d+\s+\S+\s+(\S+)/, real()) }) },
        { skip: 1 },
      ),
    };
    expect(readText(declaration, output, 'out').values.tables[0]!.spins.map((s) => s.e)).toEqual([
      [-20.5],
      [-19.5],
    ]);
  });

  it('keeps only headings after a given line when asked', () => {
    const log = [' ----', ' #p b3lyp', ' opt', ' ----', ' x', ' # not a route'].join('\n');
    const declaration = {
      routes: spans(/^\s*#/, /^(?!\s*-+\s*$)/, { lines: every(/^.*$/, text(0)) }, { after: /^\s*-+\s*$/ }),
    };
    expect(readText(declaration, log, 'log').values.routes).toEqual([{ lines: ['#p b3lyp', 'opt'] }]);
  });
});

describe('runs', () => {
  it('groups consecutive matching lines, one group per print', () => {
    const log = ['a 1 2', 'a 3', 'x', 'a 4', 'a *'].join('\n');
    const { values, warnings } = readText(
      { groups: runs(/^a (.*)$/, (m, warn) => (m[1] === '*' ? (warn('a star'), undefined) : m[1])) },
      log,
      'f',
    );
    expect(values.groups).toEqual([['1 2', '3'], ['4']]);
    expect(warnings).toEqual(['f line 5: a star']);
  });
});

describe('among', () => {
  it('reads among the lines with a marker and reports their own line numbers', () => {
    const content = ['x', 'energy = 1.5', 'y', 'energy = ****', 'step', 'energy = 2'].join('\n');
    const declaration = {
      values: among(/=/, { energies: every(/energy = (\S+)/, real()), firstStep: first(/step/, text(0)) }),
    };
    const { values, warnings } = readText(declaration, content, 'f');
    expect(values.values).toEqual({ energies: [1.5, 2], firstStep: undefined });
    expect(warnings).toEqual(["f line 4: '****' is not a number"]);
  });
});
