// Compressed mainfiles (x.xml.gz, vasprun.xml.bz2, vasprun.xml.xz) are read transparently, as NOMAD
// does: matching looks at the decompressed head, parsers get the decompressed content.
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip, gunzipSync, constants as zlibConstants } from 'node:zlib';
import { createRequire } from 'node:module';
import bunzip from 'seek-bzip';
import type { Compression } from '../files/decompressed-range.ts';
import { ContentTooLargeError } from './content-limit.ts';

// xz-decompress is CommonJS whose exports Node's ESM loader cannot name statically: require it.
const { XzReadableStream } = createRequire(import.meta.url)(
  'xz-decompress',
) as typeof import('xz-decompress');

const SUFFIXES: Readonly<Record<Compression, RegExp>> = { gz: /\.gz$/i, bz2: /\.bz2$/i, xz: /\.xz$/i };

/**
 * Compressed bytes to read for a head: gzip and xz stream, so a small prefix yields the first
 * decompressed bytes; bzip2 decodes whole blocks of up to 900 kB, so its first block is read.
 */
const HEAD_READ_BYTES: Readonly<Record<Compression | 'none', number>> = {
  none: 4096,
  gz: 16 * 1024,
  xz: 64 * 1024,
  bz2: 1024 * 1024,
};

/** Compression of a path by its suffix, if it is one the processing can undo. */
export function compressionOf(path: string): Compression | undefined {
  return (Object.keys(SUFFIXES) as Compression[]).find((c) => SUFFIXES[c].test(path));
}

/** The path without its compression suffix ('a/vasprun.xml.xz' -> 'a/vasprun.xml'). */
export function withoutCompressionSuffix(path: string): string {
  const compression = compressionOf(path);
  return compression ? path.replace(SUFFIXES[compression], '') : path;
}

async function xzDecompress(bytes: Buffer, partial: boolean, maxBytes = Infinity): Promise<Buffer> {
  const source = new Blob([new Uint8Array(bytes)]).stream();
  const reader = new XzReadableStream(source).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) throw new ContentTooLargeError(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ContentTooLargeError) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    // A head is a truncated stream: what was decoded before the end is what we want.
    if (!partial)
      throw new Error(`corrupt xz data: ${error instanceof Error ? error.message : String(error)}`);
  }
  return Buffer.concat(chunks);
}

/** seek-bzip's output sink, growing by doubling up to `maxBytes`. */
function boundedBzipOutput(maxBytes: number) {
  let buffer = Buffer.alloc(64 * 1024);
  let pos = 0;
  return {
    writeByte(byte: number) {
      if (pos >= maxBytes) throw new ContentTooLargeError(maxBytes);
      if (pos >= buffer.length) {
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes));
        buffer.copy(grown);
        buffer = grown;
      }
      buffer[pos++] = byte;
    },
    result: () => buffer.subarray(0, pos),
  };
}

/**
 * Decompresses a whole file's bytes, at most `maxBytes` of output (a ContentTooLargeError beyond).
 * Throws on corrupt data.
 */
export async function decompress(
  bytes: Buffer,
  compression: Compression,
  maxBytes = Infinity,
): Promise<Buffer> {
  switch (compression) {
    case 'gz':
      try {
        return gunzipSync(bytes, Number.isFinite(maxBytes) ? { maxOutputLength: maxBytes } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ContentTooLargeError(maxBytes);
        throw error;
      }
    case 'bz2': {
      const output = boundedBzipOutput(maxBytes);
      try {
        bunzip.decode(bytes, output);
      } catch (error) {
        if (error instanceof ContentTooLargeError) throw error;
        throw new Error(`corrupt bzip2 data: ${error instanceof Error ? error.message : String(error)}`);
      }
      return output.result();
    }
    case 'xz':
      return xzDecompress(bytes, false, maxBytes);
  }
}

/** The decompressed content of a file as a stream (streaming parsers accept gzip only). */
export function decompressingStream(source: Readable, compression: Compression): Readable {
  if (compression !== 'gz') throw new Error(`${compression} files cannot be read as a stream`);
  return source.pipe(createGunzip());
}

/** The first decompressed bytes of a possibly truncated compressed prefix; empty when undecodable. */
export async function decompressHead(prefix: Buffer, compression: Compression): Promise<Buffer> {
  try {
    switch (compression) {
      case 'gz':
        return gunzipSync(prefix, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
      case 'bz2':
        // Bit 32 is where the first block starts, after the 'BZh<level>' stream header.
        return bunzip.decodeBlock(prefix, 32);
      case 'xz':
        return await xzDecompress(prefix, true);
    }
  } catch {
    return Buffer.alloc(0);
  }
}

/** Reads the head of a file for mainfile matching, decompressed when the name says it is compressed. */
export async function readMatchHead(absolutePath: string, relativePath: string): Promise<Buffer> {
  const compression = compressionOf(relativePath);
  const handle = await open(absolutePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_READ_BYTES[compression ?? 'none']);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const prefix = buffer.subarray(0, bytesRead);
    return compression ? await decompressHead(prefix, compression) : prefix;
  } finally {
    await handle.close();
  }
}
