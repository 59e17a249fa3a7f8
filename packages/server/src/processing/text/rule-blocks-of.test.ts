import { describe, expect, it } from 'vitest';
import { readText } from './read-text.ts';
import { blocksOf } from './rule-blocks-of.ts';
import { every, first, flag, text } from './rules.ts';

describe('blocksOf', () => {
  it('opens a block at each line of any kind, in the order of the file', () => {
    const output = ['preamble', 'CELL a', ' x', 'ATOMS b', 'CELL c', 'ATOMS d', ' y'].join('\n');
    const read = readText(
      { prints: blocksOf([/^CELL/, /^ATOMS/], { name: first(/^\w+ (\w)/, text()), y: flag(/ y/) }) },
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
    const read = readText(
      { b: blocksOf([/^CELL/], { y: every(/ y/, text(0)) }, { end: /^$/ }) },
      output,
      'f',
    );
    expect(read.values.b.map((block) => block.y.length)).toEqual([1, 1]);
  });

  it('finds none in a scope without start lines', () => {
    expect(readText({ b: blocksOf([/^CELL/], {}) }, 'a\nb', 'f').values.b).toEqual([]);
  });
});
