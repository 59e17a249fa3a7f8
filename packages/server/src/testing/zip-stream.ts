import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** A zip member for `writeZipFile`: its bytes, or pieces of them produced one after another. */
export type ZipMember = readonly [
  name: string,
  content: Buffer | (() => Iterable<Buffer> | AsyncIterable<Buffer>),
];

/**
 * Writes a deflated zip to `file` member by member, streaming generated content: tests build zips of
 * hundreds of MB without holding them in memory.
 */
export const writeZipFile = async (file: string, members: readonly ZipMember[]): Promise<void> => {
  const zip = new ZipFile();
  for (const [name, content] of members) {
    if (Buffer.isBuffer(content)) zip.addBuffer(content, name);
    else zip.addReadStream(Readable.from(content()), name);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
};

/** `count` pieces of `piece` (a generated member of count x piece bytes). */
export function* repeated(piece: Buffer, count: number): Iterable<Buffer> {
  for (let i = 0; i < count; i++) yield piece;
}
