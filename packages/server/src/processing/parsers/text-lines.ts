import { StringDecoder } from 'node:string_decoder';

/**
 * The lines of a text that arrives in chunks ('\n', '\r\n' and '\r' end a line), one batch per chunk,
 * so a file of any size is read in constant memory. The last line comes even when empty, as
 * `text.split` gives it. A line longer than `maxLineChars` throws: a file without line breaks would
 * otherwise be held whole.
 */
export async function* lineBatches(
  chunks: AsyncIterable<Buffer>,
  maxLineChars: number,
  encoding: 'utf8' | 'latin1' = 'utf8',
): AsyncGenerator<string[]> {
  const decoder = new StringDecoder(encoding);
  let carry = '';
  let lineNo = 0;
  const check = (lines: string[], first: number) => {
    const long = lines.findIndex((line) => line.length > maxLineChars);
    if (long >= 0)
      throw new Error(
        `line ${first + long + 1} is longer than ${maxLineChars} characters: not a text file of this kind`,
      );
  };
  for await (const chunk of chunks) {
    let text = carry + decoder.write(chunk);
    // A '\r' at the end may be the first half of '\r\n': keep it for the next chunk.
    const holdBack = text.endsWith('\r') ? 1 : 0;
    const lines = text.slice(0, text.length - holdBack).split(/\r\n|\r|\n/);
    carry = (lines.pop() ?? '') + (holdBack ? '\r' : '');
    text = '';
    check([...lines, carry], lineNo);
    lineNo += lines.length;
    if (lines.length > 0) yield lines;
  }
  const rest = carry + decoder.end();
  const last = rest.split(/\r\n|\r|\n/);
  check(last, lineNo);
  yield last;
}
