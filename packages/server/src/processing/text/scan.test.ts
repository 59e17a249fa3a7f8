import { describe, expect, it } from 'vitest';
import { leadsOf } from './literal.ts';
import { readText } from './read-text.ts';
import { after } from './rule-split.ts';
import { every, text } from './rules.ts';
import { lineFinder, matchingLines } from './scan.ts';
import { linesSource, textSource } from './source.ts';

describe('leadsOf', () => {
  it('reads the first two characters other than blanks of the lines a pattern matches', () => {
    expect(leadsOf(/^\s*\|\s*Total/)).toEqual(['|T']);
    expect(leadsOf(/^Date/)).toEqual(['Da']);
    expect(leadsOf(/^\s*(?:Updated|Final) atomic/)).toEqual(['Up', 'Fi']);
    expect(leadsOf(/^\s*\| [Cc]hemical/)).toEqual(['|C', '|c']);
    expect(leadsOf(/^\s*\|?\s*i_freq/)).toEqual(['|i', 'i_']);
    expect(leadsOf(/^\s*X\d/)).toEqual(['X']);
    expect(leadsOf(/^\s*-+X/)).toEqual(['-']);
  });

  it('gives none where the pattern does not say how a line starts', () => {
    for (const pattern of [/Total/, /^\s*\d+/, /^\s*$/, /^\s*\|?\s*$/, /^(?!x)/, /^a|b/, /^a/i, /^\s*-{10,}/])
      expect(leadsOf(pattern), String(pattern)).toBeUndefined();
  });
});

describe('matchingLines', () => {
  const lines = [
    '  | Total energy : 1',
    '|Total',
    '\u00a0 Date : 2',
    'Final atomic structure:',
    '  Updated atomic structure:',
    '   i_freq 1',
    ' | i_freq 2',
    'x | Total energy',
    '',
    '\t-----X',
    ' | chemical potential',
  ];
  const patterns = [
    /^\s*\|\s*Total/,
    /^\s*Date/,
    /^\s*(?:Updated|Final) atomic structure:/,
    /^\s*\|?\s*i_freq\s+(\d+)/,
    /Total energy/,
    /^\s*-+X/,
    /^\s*\| [Cc]hemical/,
    /^\s*$/,
  ];

  it('finds by leads and literals the lines a test of every line finds', () => {
    for (const source of [textSource('f', lines.join('\r\n')), linesSource('f', lines)])
      for (const pattern of patterns)
        for (const [from, to] of [
          [0, lines.length],
          [3, 7],
        ] as const) {
          const found = [...matchingLines(source, from, to, lineFinder(pattern))].map(([index]) => index);
          const expected = lines
            .map((line, index) => (index >= from && index < to && pattern.test(line) ? index : -1))
            .filter((index) => index >= 0);
          expect(found, `${pattern} ${from}-${to}`).toEqual(expected);
        }
  });

  it('cuts lines at CRLF, CR and LF alike', () => {
    const source = textSource('f', 'a Total\r\nb\rc Total\nd');
    expect(source.lines).toEqual(['a Total', 'b', 'c Total', 'd']);
    expect([...matchingLines(source, 0, 4, lineFinder(/Total/))].map(([index]) => index)).toEqual([0, 2]);
  });
});

describe('after with an end', () => {
  it('reads from the marker to the end line, both included', () => {
    const content = ['a 1', 'START', 'a 2', 'END', 'a 3'].join('\n');
    const read = readText(
      { part: after(/^START/, { a: every(/^a (\d)|^(END)/, text(0)) }, { end: /^END/ }) },
      content,
      'f',
    );
    expect(read.values.part?.a).toEqual(['a 2', 'END']);
  });
});
