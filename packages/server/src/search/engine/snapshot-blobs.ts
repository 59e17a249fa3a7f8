import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { Scalar } from './column.ts';
import { listText, textList, type ValueTexts } from './list-text.ts';
import { PendingValues } from './pending-values.ts';
import { turnTaker } from './turns.ts';

/** Each blob: a tag, reserved, its byte length; the file ends with END_MAGIC and the CRC-32 of all before. */
const BLOB_HEAD = 16;
const END_MAGIC = Buffer.from('OASISEND');
const TRAILER = END_MAGIC.length + 4;
/** Lists are written in chunks, so that no single JSON.stringify holds the event loop for long. */
const LIST_CHUNK = 50_000;
const JSON_CHUNK = 1_000;
const READ_AHEAD = 1 << 20;
/** Bytes checksummed and written per turn of the event loop; read and checksummed, per read. */
const WRITE_SLICE = 4 << 20;
const READ_SLICE = 4 << 20;

/** A snapshot file that cannot be used: truncated, corrupt, or not what this code reads. */
export class SnapshotError extends Error {}

const bytesOf = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

/** zlib's crc32 of a view on an empty ArrayBuffer is 0 (Node 20), not the running value: skip those. */
const update = (crc: number, data: Uint8Array) => (data.length > 0 ? crc32(data, crc) : crc);

const parseJson = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new SnapshotError('a section is not valid JSON');
  }
};

const parseList = (bytes: Buffer): unknown[] => {
  try {
    return textList(bytes.toString('utf8'));
  } catch {
    throw new SnapshotError('a list chunk is not an array');
  }
};

/** Appends tagged blobs to a file, keeping a running CRC-32. */
export class BlobWriter {
  private crc = 0;
  private position = 0;

  constructor(private readonly file: FileHandle) {}

  async raw(data: Uint8Array): Promise<void> {
    // In slices: the checksum of a column of hundreds of MB in one call would hold the event loop.
    for (let done = 0; done < data.length;) {
      const slice = data.subarray(done, done + WRITE_SLICE);
      this.crc = update(this.crc, slice);
      for (let written = 0; written < slice.length;) {
        const { bytesWritten } = await this.file.write(slice, written, slice.length - written, this.position);
        written += bytesWritten;
        this.position += bytesWritten;
      }
      done += slice.length;
    }
  }

  async blob(tag: number, data: ArrayBufferView): Promise<void> {
    const head = Buffer.alloc(BLOB_HEAD);
    head.writeUInt32LE(tag, 0);
    head.writeBigUInt64LE(BigInt(data.byteLength), 8);
    await this.raw(head);
    await this.raw(bytesOf(data));
  }

  json(tag: number, value: unknown): Promise<void> {
    return this.blob(tag, Buffer.from(JSON.stringify(value)));
  }

  /** The length, then the texts, each a blob: what `list` writes, made already (ValueTexts). */
  async texts(tag: number, { count, texts }: ValueTexts): Promise<void> {
    await this.json(tag, count);
    for (const text of texts) await this.blob(tag, Buffer.from(text));
  }

  /** The length, then the items in chunks, each a list text (list-text.ts). */
  async list(tag: number, items: readonly unknown[]): Promise<void> {
    await this.json(tag, items.length);
    for (let from = 0; from < items.length; from += LIST_CHUNK) {
      const chunk = items.slice(from, from + LIST_CHUNK);
      // Objects (nested sections) cost far more to stringify than strings: smaller pieces.
      const step = chunk.every((item) => typeof item === 'string') ? LIST_CHUNK : JSON_CHUNK;
      for (let at = 0; at < chunk.length; at += step)
        await this.blob(tag, Buffer.from(listText(chunk.slice(at, at + step))));
    }
  }

  async finish(): Promise<void> {
    const trailer = Buffer.alloc(TRAILER);
    END_MAGIC.copy(trailer);
    trailer.writeUInt32LE(this.crc, END_MAGIC.length);
    await this.file.write(trailer, 0, TRAILER, this.position);
  }
}

/** Reads the blobs a BlobWriter wrote, in the same order; checks tags, lengths against the file's size and the CRC. */
export class BlobReader {
  private crc = 0;
  /** Read ahead: most blobs are small (a column of an empty quantity), one read each would dominate. */
  private ahead = Buffer.alloc(0);
  private aheadAt = 0;
  /**
   * Chunks of lists read ahead are parsed without waiting for the file: a turn of the event loop between
   * them when the clock says so.
   */
  private readonly turn = turnTaker();

  constructor(
    private readonly file: FileHandle,
    private readonly size: number,
    private position = 0,
  ) {}

  async raw(into: Uint8Array): Promise<void> {
    if (this.position + into.length > this.size - TRAILER) throw new SnapshotError('the file is truncated');
    let done = 0;
    while (done < into.length) {
      const offset = this.position - this.aheadAt;
      if (offset >= 0 && offset < this.ahead.length) {
        const n = Math.min(into.length - done, this.ahead.length - offset);
        into.set(this.ahead.subarray(offset, offset + n), done);
        this.crc = update(this.crc, into.subarray(done, done + n));
        done += n;
        this.position += n;
      } else if (into.length - done >= READ_AHEAD) {
        // A slice per read, checksummed as it comes: the checksum of a column of hundreds of MB in one
        // call held the event loop for tens of milliseconds; each read gives it a turn.
        const slice = into.subarray(done, done + READ_SLICE);
        await this.read(slice);
        this.crc = update(this.crc, slice);
        done += slice.length;
      } else {
        const ahead = Buffer.alloc(Math.min(READ_AHEAD, this.size - this.position));
        this.aheadAt = this.position;
        this.ahead = ahead.subarray(0, await this.read(ahead, false));
      }
    }
  }

  /** Reads at the position into `into` (all of it); `advance`: the bytes are consumed. */
  private async read(into: Uint8Array, advance = true): Promise<number> {
    let done = 0;
    while (done < into.length) {
      const { bytesRead } = await this.file.read(into, done, into.length - done, this.position + done);
      if (bytesRead === 0) throw new SnapshotError('the file is truncated');
      done += bytesRead;
    }
    if (advance) this.position += done;
    return done;
  }

  /** Reads a blob's bytes into an array `make` allocates for its element count. */
  async blob<T extends ArrayBufferView>(
    tag: number,
    bytesPer: number,
    make: (length: number) => T,
  ): Promise<T> {
    const head = Buffer.alloc(BLOB_HEAD);
    await this.raw(head);
    const length = head.readBigUInt64LE(8);
    if (head.readUInt32LE(0) !== tag) throw new SnapshotError(`unexpected section at byte ${this.position}`);
    if (length > BigInt(this.size - TRAILER - this.position) || length % BigInt(bytesPer) !== 0n)
      throw new SnapshotError(`a section's length is wrong at byte ${this.position}`);
    const out = make(Number(length) / bytesPer);
    await this.raw(bytesOf(out));
    return out;
  }

  async json(tag: number): Promise<unknown> {
    return parseJson(await this.blob(tag, 1, (length) => Buffer.alloc(length)));
  }

  async list(tag: number): Promise<unknown[]> {
    const length = await this.json(tag);
    if (typeof length !== 'number') throw new SnapshotError('a list has no length');
    const items: unknown[] = [];
    while (items.length < length) {
      const bytes = await this.blob(tag, 1, (n) => Buffer.alloc(n));
      const chunk = parseList(bytes);
      if (chunk.length === 0) throw new SnapshotError('a list chunk is not an array');
      for (const item of chunk) items.push(item);
      await this.turn();
    }
    if (items.length !== length) throw new SnapshotError('a list is longer than it says');
    return items;
  }

  /**
   * A list of strings and scalars whose NUL-separated chunks stay texts (PendingValues splits them
   * later); the items are counted, and parsed chunks checked with `isItem`.
   */
  async pendingList(tag: number, isItem: (item: unknown) => item is Scalar): Promise<PendingValues> {
    const length = await this.json(tag);
    if (typeof length !== 'number') throw new SnapshotError('a list has no length');
    const chunks: (string | Scalar[])[] = [];
    let count = 0;
    while (count < length) {
      const bytes = await this.blob(tag, 1, (n) => Buffer.alloc(n));
      if (bytes[0] === 0) {
        // Every item follows a NUL.
        for (let at = bytes.indexOf(0); at >= 0; at = bytes.indexOf(0, at + 1)) count++;
        chunks.push(bytes.toString('utf8', 1));
        await this.turn();
        continue;
      }
      const chunk = parseList(bytes);
      if (chunk.length === 0) throw new SnapshotError('a list chunk is not an array');
      if (!chunk.every(isItem)) throw new SnapshotError('a list holds an item of another type');
      count += chunk.length;
      chunks.push(chunk);
      await this.turn();
    }
    if (count !== length) throw new SnapshotError('a list is longer than it says');
    return new PendingValues(length, chunks);
  }

  async finish(): Promise<void> {
    if (this.position !== this.size - TRAILER)
      throw new SnapshotError('the file has data after its last section');
    const trailer = Buffer.alloc(TRAILER);
    const { bytesRead } = await this.file.read(trailer, 0, TRAILER, this.position);
    if (bytesRead !== TRAILER || !trailer.subarray(0, END_MAGIC.length).equals(END_MAGIC))
      throw new SnapshotError('the file is truncated');
    if (trailer.readUInt32LE(END_MAGIC.length) !== this.crc >>> 0)
      throw new SnapshotError('the checksum does not match (the file is corrupt)');
  }
}
