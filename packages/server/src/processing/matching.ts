// Mainfile matching: which parser (if any) claims a file of an upload. First match wins, in the
// order of the registry; files no parser claims stay plain raw files.
import { gunzipSync, constants as zlibConstants } from 'node:zlib';
import { archiveParser } from './parsers/archive.ts';
import { cifParser } from './parsers/cif.ts';
import type { Compression, MainfileParser } from './types.ts';

/** Registry order matters: more specific parsers go first (VASP etc. will be added here). */
export const PARSERS: readonly MainfileParser[] = [archiveParser, cifParser];

/** How many leading bytes content regexes see (NOMAD reads a similar head of each file). */
export const HEAD_BYTES = 4096;

const COMPRESSION_SUFFIXES: Readonly<Record<Compression, RegExp>> = { gz: /\.gz$/i };

export function getParser(
  name: string,
  parsers: readonly MainfileParser[] = PARSERS,
): MainfileParser | undefined {
  return parsers.find((p) => p.name === name);
}

/** Compression of a path by its suffix, if it is one the processing can undo. */
export function compressionOf(path: string): Compression | undefined {
  return (Object.keys(COMPRESSION_SUFFIXES) as Compression[]).find((c) => COMPRESSION_SUFFIXES[c].test(path));
}

/** Decompresses a possibly truncated head; a partial gzip stream still yields its first bytes. */
export function decompressHead(head: Buffer, compression: Compression): Buffer {
  try {
    switch (compression) {
      case 'gz':
        return gunzipSync(head, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    }
  } catch {
    // Not actually gzip (or corrupt): no content to match against.
    return Buffer.alloc(0);
  }
}

/** Decompresses a whole mainfile. */
export function decompress(content: Buffer, compression: Compression): Buffer {
  switch (compression) {
    case 'gz':
      return gunzipSync(content);
  }
}

/**
 * The parser for a file, given its upload-relative path and its first bytes (at least HEAD_BYTES
 * when the file is that long). Returns undefined for files that are not mainfiles.
 */
export function matchParser(
  relativePath: string,
  head: Buffer,
  parsers: readonly MainfileParser[] = PARSERS,
): MainfileParser | undefined {
  const compression = compressionOf(relativePath);
  const name = compression ? relativePath.replace(COMPRESSION_SUFFIXES[compression], '') : relativePath;
  let text: string | undefined;
  const headText = (): string => {
    if (text === undefined) {
      const bytes = compression ? decompressHead(head, compression) : head;
      text = bytes.subarray(0, HEAD_BYTES).toString('latin1');
    }
    return text;
  };
  return parsers.find((parser) => {
    if (compression && !parser.compressions?.includes(compression)) return false;
    if (!parser.mainfileName.test(name)) return false;
    return parser.mainfileContents ? parser.mainfileContents.test(headText()) : true;
  });
}
