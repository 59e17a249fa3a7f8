// The synchronous streams of the file-work threads: ranges of a file, writing a file, inflating members.
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fileWriter, inflateRaw, rangeReader } from './sync-streams.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-sync-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = Buffer.from(
  Array.from({ length: 20_000 }, (_, i) => `atom ${i} Si ${(i * 0.137).toFixed(3)}\n`).join(''),
);
const deflated = deflateRawSync(text);

/** Inflates `data` as a member declaring `declared` bytes; claiming a large compressed size streams it. */
const inflated = async (data: Buffer, declared: number, streamed: boolean): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const compressed = streamed ? 32 * 1024 * 1024 : data.length;
  const source = Readable.from([data.subarray(0, 1000), data.subarray(1000)]);
  await pipeline([source, ...inflateRaw(compressed, declared), collect]);
  return Buffer.concat(chunks);
};

describe('synchronous file streams', () => {
  it('read a range of a file and write a new one', async () => {
    const source = path.join(dir, 'source');
    writeFileSync(source, text);
    const fd = openSync(source, 'r');
    try {
      const copy = path.join(dir, 'copy');
      await pipeline(rangeReader(fd, 100, 200_100), fileWriter(copy));
      expect(readFileSync(copy).equals(text.subarray(100, 200_100))).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  for (const streamed of [false, true]) {
    const how = streamed ? 'streamed' : 'in one go';
    it(`inflate a member ${how}, and refuse one whose header misstates its size`, async () => {
      expect((await inflated(deflated, text.length, streamed)).equals(text)).toBe(true);
      await expect(inflated(deflated, text.length - 1, streamed)).rejects.toThrow(
        `too many bytes in the stream. expected ${text.length - 1}. got at least`,
      );
      await expect(inflated(deflated, text.length + 1, streamed)).rejects.toThrow(
        `not enough bytes in the stream. expected ${text.length + 1}. got only ${text.length}`,
      );
      await expect(
        inflated(deflated.subarray(0, deflated.length - 100), text.length, streamed),
      ).rejects.toThrow(/unexpected/i);
    });
  }
});
