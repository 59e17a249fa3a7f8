// Folder zips (compress=true) and decompressed ranges (decompress=true) of raw files, through the service,
// against the embedded database and a temporary data folder.
import { truncate } from 'node:fs/promises';
import { buffer as readAll, text } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/current-user.ts';
import { UploadFiles } from '../files/storage.ts';
import { createCaller, incomingFile } from '../testing/callers.ts';
import { failure } from '../testing/failures.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { makeZip } from '../testing/zip.ts';
import { readRawFile } from './raw-files.ts';
import { createUpload } from './uploads.ts';

describe('raw file zips and decompressed ranges', () => {
  let service: ServiceTestContext;
  let author: CurrentUser;
  let uploadId: string;
  const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');

  beforeAll(async () => {
    service = await openServiceContext();
    author = await createCaller(service.ctx.db, 'author');
    const zip = makeZip({
      'dir/a.txt': 'A',
      'dir/sub/b.txt': 'BB',
      'dir/sub/deeper/c.txt': 'CCC',
      'other/d.txt': 'D',
      'log.txt.gz': gzipSync(lines),
    });
    uploadId = (await createUpload(service.ctx, author, { file: incomingFile('data.zip', zip) })).upload_id;
  });
  afterAll(async () => service?.close());

  it('zips a folder with everything below it, named by upload path', async () => {
    const content = await readRawFile(service.ctx, author, uploadId, 'dir', { compress: true });
    expect(content.zip).toBe(true);
    expect(content.name).toBe('dir.zip');
    const files = unzipSync(new Uint8Array(await readAll(content.stream!)));
    expect(Object.keys(files).sort()).toEqual(['dir/a.txt', 'dir/sub/b.txt', 'dir/sub/deeper/c.txt']);
    expect(Buffer.from(files['dir/sub/deeper/c.txt']!).toString()).toBe('CCC');
  });

  it('zips the whole upload for the root and a single file for a file path', async () => {
    const root = await readRawFile(service.ctx, author, uploadId, '', { compress: true });
    expect(root.name).toBe(`${uploadId}.zip`);
    expect(Object.keys(unzipSync(new Uint8Array(await readAll(root.stream!)))).sort()).toEqual([
      'dir/a.txt',
      'dir/sub/b.txt',
      'dir/sub/deeper/c.txt',
      'log.txt.gz',
      'other/d.txt',
    ]);
    const one = await readRawFile(service.ctx, author, uploadId, 'other/d.txt', { compress: true });
    expect(Object.keys(unzipSync(new Uint8Array(await readAll(one.stream!))))).toEqual(['other/d.txt']);
  });

  it('streams a large folder zip with constant memory', async () => {
    // 192 MB of (sparse) zeros: held in memory, the zip's input alone would show in the heap.
    const big = new UploadFiles(service.ctx.config.dataDir, uploadId).rawPath('dir/sub/big.bin');
    await truncate(big, 0).catch(() => undefined);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(big, '');
    await truncate(big, 192 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    const content = await readRawFile(service.ctx, author, uploadId, 'dir', { compress: true });
    for await (const chunk of content.stream!) {
      bytes += (chunk as Buffer).length;
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.arrayBuffers + usage.heapUsed - before);
    }
    expect(bytes).toBeGreaterThan(0);
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  }, 60_000);

  it('reads a range of a gzip file’s content with decompress', async () => {
    const part = await readRawFile(service.ctx, author, uploadId, 'log.txt.gz', {
      decompress: true,
      offset: 7,
      length: 20,
    });
    expect(part.name).toBe('log.txt');
    expect(await text(part.stream!)).toBe(lines.slice(7, 27));
    const tail = await readRawFile(service.ctx, author, uploadId, 'log.txt.gz', {
      decompress: true,
      offset: lines.length - 5,
      length: 16384,
    });
    expect(await text(tail.stream!)).toBe(lines.slice(-5));
    const raw = await readRawFile(service.ctx, author, uploadId, 'log.txt.gz', { length: 2 });
    expect([...(await readAll(raw.stream!))]).toEqual([0x1f, 0x8b]);
  });

  it('refuses a folder without compress and a missing path', async () => {
    expect(await failure(readRawFile(service.ctx, author, uploadId, 'dir', {}))).toMatchObject({
      status: 400,
    });
    expect(
      await failure(readRawFile(service.ctx, author, uploadId, 'nothing', { compress: true })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(readRawFile(service.ctx, undefined, uploadId, 'dir', { compress: true })),
    ).toMatchObject({ status: 401 });
  });
});
