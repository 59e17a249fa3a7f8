import { describe, expect, it } from 'vitest';
import { lineBatches } from './text-lines.ts';

const linesOf = async (chunks: string[], maxLineChars = 100) => {
  async function* source() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  const lines: string[] = [];
  for await (const batch of lineBatches(source(), maxLineChars)) lines.push(...batch);
  return lines;
};

describe('lineBatches', () => {
  it('gives the lines text.split gives, whatever the chunks and line ends', async () => {
    const text = 'a\r\nbb\rccc\n\nd\r\n';
    const expected = text.split(/\r\n|\r|\n/);
    expect(await linesOf([text])).toEqual(expected);
    // '\r' and '\n' of one line end in different chunks, a multi-byte character split in two.
    expect(await linesOf(['a\r', '\nbb\r', 'ccc\n', '\nd\r', '\n'])).toEqual(expected);
    const euro = Buffer.from('x€y\n');
    async function* split() {
      yield euro.subarray(0, 2);
      yield euro.subarray(2);
    }
    const lines: string[] = [];
    for await (const batch of lineBatches(split(), 10)) lines.push(...batch);
    expect(lines).toEqual(['x€y', '']);
  });

  it('refuses a line longer than the limit instead of holding it', async () => {
    await expect(linesOf(['ok\n', 'x'.repeat(60), 'x'.repeat(60)])).rejects.toThrow(
      'line 2 is longer than 100 characters: not a text file of this kind',
    );
  });
});
