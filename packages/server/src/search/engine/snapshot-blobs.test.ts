import { mkdtempSync, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobReader, BlobWriter, SnapshotError } from './snapshot-blobs.ts';

describe('blobs of a snapshot file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-snapshot-blobs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = async (file: string, data: Float64Array) => {
    const handle = await open(file, 'w');
    const out = new BlobWriter(handle);
    await out.blob(7, data);
    await out.finish();
    await handle.close();
  };

  /** Reads the blob back, counting the reads of the file. */
  const read = async (file: string) => {
    const handle = await open(file, 'r');
    let reads = 0;
    const counted = new Proxy(handle, {
      get: (target, key) =>
        key === 'read'
          ? (...args: Parameters<typeof handle.read>) => {
              reads++;
              return target.read(...args);
            }
          : Reflect.get(target, key, target),
    });
    try {
      const reader = new BlobReader(counted, (await stat(file)).size);
      const data = await reader.blob(7, 8, (n) => new Float64Array(n));
      await reader.finish();
      return { data, reads };
    } finally {
      await handle.close();
    }
  };

  it('reads a large blob a few megabytes at a time, checksummed as it comes', async () => {
    // 24 MB: read in one call and checksummed at once, a column of hundreds of MB held the event loop.
    const data = Float64Array.from({ length: 3 << 20 }, (_, i) => i * 0.5);
    const file = path.join(dir, 'large');
    await write(file, data);
    const back = await read(file);
    expect(Buffer.from(back.data.buffer).equals(Buffer.from(data.buffer))).toBe(true);
    expect(back.reads).toBeGreaterThanOrEqual(6);

    // One byte changed in the middle: the checksum of the slices tells.
    const handle = await open(file, 'r+');
    await handle.write(Buffer.of(0xff), 0, 1, 12 << 20);
    await handle.close();
    await expect(read(file)).rejects.toThrow(SnapshotError);
  });
});
