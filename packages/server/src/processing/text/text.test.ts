import { describe, expect, it } from 'vitest';
import { anchoredPrefixOf, literalOf } from './literal.ts';
import { fortranReal, numbersIn } from './numbers.ts';
import { readText } from './read-text.ts';
import {
  block,
  blocks,
  every,
  fields,
  first,
  flag,
  integer,
  last,
  real,
  reals,
  table,
  tables,
  text,
  vector,
} from './rules.ts';

describe('literalOf', () => {
  it('finds the longest required run of characters', () => {
    expect(literalOf(/^\s*!\s+total energy\s+=\s+(\S+) Ry/)).toBe('total energy');
    expect(literalOf(/CP2K\| version string:\s*(.*)/)).toBe('CP2K| version string:');
    expect(literalOf(/ENERGY\| Total FORCE_EVAL \( \w+ \) energy/)).toBe('ENERGY| Total FORCE_EVAL (');
    expect(literalOf(/abcd?efgh/)).toBe('efgh');
    expect(literalOf(/x{123}yz/)).toBeUndefined();
    expect(literalOf(/Total(?: DFT)? energy =/)).toBe('energy =');
  });

  it('gives none where a line could match without a fixed run', () => {
    expect(literalOf(/total energy|Total Energy/)).toBeUndefined();
    expect(literalOf(/total energy/i)).toBeUndefined();
    expect(literalOf(/^\s*\d+\s+(\S+)/)).toBeUndefined();
    expect(literalOf(/[abc]+de/)).toBeUndefined();
  });

  it('never rejects a line the pattern matches', () => {
    const patterns = [
      /a\.b+c/,
      /foo\(bar\)?baz/,
      /x+yz\s/,
      /\|\s*Cell\s*\|/,
      /end of run {2}here/,
      /(?<=ab)cdef/,
    ];
    const lines = ['a.bbc', 'foo(barbaz', 'foo(bar)baz', 'xxxyz ', '| Cell |', 'end of run  here', 'abcdef'];
    for (const pattern of patterns)
      for (const line of lines)
        if (pattern.test(line))
          expect(line.includes(literalOf(pattern) ?? ''), `${pattern} on ${line}`).toBe(true);
  });
});

describe('numbers', () => {
  it('reads Fortran reals', () => {
    expect(fortranReal('1.5D-3')).toBe(1.5e-3);
    expect(fortranReal('-2.25E+02')).toBe(-225);
    expect(fortranReal('1.234-100')).toBe(1.234e-100);
    expect(fortranReal('1-10')).toBeUndefined();
    expect(fortranReal('*******')).toBeUndefined();
    expect(fortranReal(' 7 ')).toBe(7);
    expect(numbersIn('-47.7211-47.7039  3D0')).toEqual([-47.7211, -47.7039, 3]);
  });
});

const OUTPUT = [
  'Program FOO version 6.5',
  '  lattice  1.0 0.0 0.0',
  '  lattice  0.0 2.0 0.0',
  '  lattice  0.0 0.0 3.0',
  ' Atoms:',
  '   1  Si   0.00  0.00  0.00',
  '   2  O    0.25  0.25  ******',
  '   3  O    0.50  0.50  0.50',
  '',
  ' SCF cycle 1',
  '   iteration  1  energy = -10.5',
  '   iteration  2  energy = -10.75',
  '   converged',
  ' total energy = -10.75D0',
  ' SCF cycle 2',
  '   iteration  1  energy = -10.8',
  ' total energy = -10.8',
  ' end of run',
].join('\n');

const declaration = {
  version: first(/Program FOO version (\S+)/, text()),
  lattice: every(/^\s*lattice\s+(.*)$/, vector(3, 1)),
  atoms: table(
    /^ Atoms:/,
    /^\s*\d+\s+([A-Z][a-z]?)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/,
    fields({ symbol: text(1), x: real(2), y: real(3), z: real(4) }),
  ),
  cycles: blocks(/SCF cycle \d+/, {
    energies: every(/iteration\s+\d+\s+energy = (\S+)/, real()),
    iterations: last(/iteration\s+(\d+)/, integer()),
    converged: flag(/^\s*converged/),
    total: first(/total energy = (\S+)/, real()),
  }),
  firstCycle: block(/SCF cycle/, { n: every(/iteration/, reals()) }, { end: /converged/ }),
  finished: flag(/end of run/),
  missing: first(/no such line/, real()),
  noTables: tables(/no heading/, /x/, text()),
};

describe('readText', () => {
  const read = readText(declaration, OUTPUT, 'foo.out');

  it('reads a declaration into typed values', () => {
    const values = read.values;
    expect(values.version).toBe('6.5');
    expect(values.lattice).toEqual([
      [1, 0, 0],
      [0, 2, 0],
      [0, 0, 3],
    ]);
    expect(values.cycles).toEqual([
      { energies: [-10.5, -10.75], iterations: 2, converged: true, total: -10.75 },
      { energies: [-10.8], iterations: 1, converged: false, total: -10.8 },
    ]);
    expect(values.firstCycle?.n).toHaveLength(2);
    expect(values.finished).toBe(true);
    expect(values.missing).toBeUndefined();
    expect(values.noTables).toEqual([]);
  });

  it('drops a row that does not convert and says where', () => {
    expect(read.values.atoms.map((atom) => atom.symbol)).toEqual(['Si', 'O']);
    expect(read.values.atoms[1]).toEqual({ symbol: 'O', x: 0.5, y: 0.5, z: 0.5 });
    expect(read.warnings).toEqual(["foo.out line 7: '******' is not a number"]);
  });

  it('counts lines across Windows and old Mac line ends', () => {
    const crlf = readText({ v: first(/^x (\S+)/, real()) }, 'a\r\nb\r\nx nope', 'w.out');
    expect(crlf.warnings).toEqual(["w.out line 3: 'nope' is not a number"]);
    expect(crlf.lines).toBe(3);
  });
});

describe('anchoredPrefixOf', () => {
  it('gives the characters an anchored pattern requires at the start', () => {
    expect(anchoredPrefixOf(/^Precision: (\S+)/)).toBe('Precision: ');
    expect(anchoredPrefixOf(/^ +x/)).toBeUndefined();
    expect(anchoredPrefixOf(/^ab?c/)).toBe('a');
    expect(anchoredPrefixOf(/^\|\s*Cell/)).toBe('|');
    expect(anchoredPrefixOf(/^a|b/)).toBeUndefined();
    expect(anchoredPrefixOf(/^(?:a|b)c/)).toBeUndefined();
    expect(anchoredPrefixOf(/abc/)).toBeUndefined();
  });
});

describe('blocks of several kinds of start line', () => {
  it('opens a block at each line of any kind, in the order of the file', () => {
    const output = ['preamble', 'CELL a', ' x', 'ATOMS b', 'CELL c', 'ATOMS d', ' y'].join('\n');
    const read = readText(
      { prints: blocks([/^CELL/, /^ATOMS/], { name: first(/^\w+ (\w)/, text()), y: flag(/ y/) }) },
      output,
      'f',
    );
    expect(read.values.prints).toEqual([
      { name: 'a', y: false },
      { name: 'b', y: false },
      { name: 'c', y: false },
      { name: 'd', y: true },
    ]);
  });

  it('ends a block at its end line', () => {
    const output = ['CELL a', ' y', '', ' y', 'CELL b', ' y'].join('\n');
    const read = readText({ b: blocks([/^CELL/], { y: every(/ y/, text(0)) }, { end: /^$/ }) }, output, 'f');
    expect(read.values.b.map((block) => block.y.length)).toEqual([1, 1]);
  });

  it('finds none in a scope without start lines', () => {
    expect(readText({ b: blocks([/^CELL/], {}) }, 'a\nb', 'f').values.b).toEqual([]);
  });
});
