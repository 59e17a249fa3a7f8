import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { Readable, Transform, Writable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { Gunzip, Inflate, type FlateStreamHandler } from 'fflate';
import yauzl from 'yauzl';

/*
 * Streams whose file reads, writes and inflation are synchronous calls, for the file-work threads: there
 * they hold only their own thread, where the streams of node:fs and node:zlib would each put their work
 * on libuv's thread pool, which the server's requests share.
 */

/**
 * Read size. A deflated chunk inflates to at most ~1,000 times its size in one go (fflate hands out what
 * one input chunk gives), so this also bounds the memory a bomb takes before the limits stop it (64 MB,
 * as for a member inflated whole). Smaller chunks cost fflate much more time per byte.
 */
const CHUNK_BYTES = 64 * 1024;

/** Bytes `start` (inclusive) to `end` (exclusive) of the open file `fd`. */
export const rangeReader = (fd: number, start: number, end: number): Readable => {
  let position = start;
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read() {
      if (position >= end) {
        this.push(null);
        return;
      }
      try {
        const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, end - position));
        const read = readSync(fd, buffer, 0, buffer.length, position);
        if (read === 0) throw new Error('unexpected EOF');
        position += read;
        this.push(read < buffer.length ? buffer.subarray(0, read) : buffer);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
};

/** A new file at `file`, written synchronously and closed when the stream ends or fails. */
export const fileWriter = (file: string): Writable => {
  let fd: number | undefined;
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  return new Writable({
    construct(callback) {
      try {
        fd = openSync(file, 'w');
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    write(chunk: Buffer, _encoding, callback) {
      try {
        for (let written = 0; written < chunk.length;)
          written += writeSync(fd!, chunk, written, chunk.length - written);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    final(callback) {
      try {
        close();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    destroy(error, callback) {
      try {
        close();
      } catch {
        // The stream's own error is the one to report.
      }
      callback(error);
    },
  });
};

interface Decompressor {
  ondata: FlateStreamHandler;
  push(chunk: Uint8Array, final?: boolean): void;
}

const decompressing = (decompressor: Decompressor): Transform => {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decompressor.push(chunk);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        decompressor.push(new Uint8Array(0), true);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  decompressor.ondata = (data) => {
    if (data.length > 0) stream.push(Buffer.from(data.buffer, data.byteOffset, data.length));
  };
  return stream;
};

/**
 * A member this small (compressed and as declared) is inflated in one call of node:zlib's synchronous
 * inflate, which is several times faster than fflate's; a larger one is streamed through fflate, so that
 * memory stays bounded whatever the member holds.
 */
const WHOLE_COMPRESSED_BYTES = 16 * 1024 * 1024;
const WHOLE_INFLATED_BYTES = 64 * 1024 * 1024;

/** Inflates raw deflate data all at once; more than `expected` bytes fails as sizeCheck says it. */
const wholeInflate = (expected: number): Transform => {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      try {
        // One byte more than expected is enough to know that the header lied.
        callback(null, inflateRawSync(Buffer.concat(chunks), { maxOutputLength: expected + 1 }));
      } catch (error) {
        callback(
          (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
            ? tooManyBytes(expected, expected + 1)
            : (error as Error),
        );
      }
    },
  });
};

/**
 * Inflates raw deflate data (a zip member) that its header says is `compressedBytes` long and inflates to
 * `declaredBytes`; more than declared fails (as yauzl words it), and so does less.
 */
export const inflateRaw = (compressedBytes: number, declaredBytes: number): Transform[] => [
  compressedBytes <= WHOLE_COMPRESSED_BYTES && declaredBytes <= WHOLE_INFLATED_BYTES
    ? wholeInflate(declaredBytes)
    : decompressing(new Inflate()),
  sizeCheck(declaredBytes),
];

const tooManyBytes = (expected: number, seen: number) =>
  new Error(`too many bytes in the stream. expected ${expected}. got at least ${seen}`);

/** Fails when the inflated data is longer or shorter than the header declares (yauzl's words). */
const sizeCheck = (expected: number): Transform => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > expected) callback(tooManyBytes(expected, seen));
      else callback(null, chunk);
    },
    flush(callback) {
      if (seen < expected)
        callback(new Error(`not enough bytes in the stream. expected ${expected}. got only ${seen}`));
      else callback();
    },
  });
};

/** Decompresses gzip data (a .tar.gz). */
export const gunzip = (): Transform => decompressing(new Gunzip());

/** yauzl's view of an open zip file, read with `rangeReader`; the caller closes `fd`. */
class SyncZipReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return rangeReader(this.fd, start, end);
  }
}

export const zipReader = (fd: number): yauzl.RandomAccessReader => new SyncZipReader(fd);
