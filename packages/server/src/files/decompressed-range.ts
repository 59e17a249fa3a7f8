import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { createGunzip } from 'node:zlib';
import { badRequest } from '../errors.ts';

/** The compressions a mainfile may come in (x.xml.gz, vasprun.xml.bz2, vasprun.xml.xz). */
export type Compression = 'gz' | 'bz2' | 'xz';

// xz-decompress is CommonJS whose exports Node's ESM loader cannot name statically: require it.
const { XzReadableStream } = createRequire(import.meta.url)(
  'xz-decompress',
) as typeof import('xz-decompress');

/**
 * Bytes `offset` to `end` of `content`; reading stops at `end`, so a preview chunk of a huge compressed
 * file decompresses only up to the chunk's end, and the file is closed however the reader finishes.
 */
async function* byteRange(content: Readable, offset: number, end: number, close: () => void) {
  let position = 0;
  try {
    for await (const chunk of content) {
      const bytes = chunk as Buffer;
      const start = position;
      position += bytes.length;
      const from = Math.max(0, offset - start);
      const to = Math.min(bytes.length, end - start);
      if (to > from) yield bytes.subarray(from, to);
      if (position >= end) return;
    }
  } finally {
    close();
  }
}

/** The decompressed content of a .gz or .xz file, from `offset` on, at most `length` bytes, streamed. */
export const decompressedRange = async (
  file: string,
  compression: Compression,
  offset: number,
  length: number | undefined,
): Promise<Readable> => {
  const source = createReadStream(file);
  let content: Readable;
  if (compression === 'gz') content = source.pipe(createGunzip());
  else if (compression === 'xz')
    content = Readable.fromWeb(new XzReadableStream(Readable.toWeb(source) as ReadableStream<Uint8Array>));
  else {
    source.destroy();
    throw badRequest('bz2 files cannot be read in parts; download the file instead.');
  }
  const close = () => {
    content.destroy();
    source.destroy();
  };
  const end = length === undefined ? Infinity : offset + length;
  return Readable.from(byteRange(content, offset, end, close), { objectMode: false });
};
