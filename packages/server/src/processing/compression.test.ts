import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressionOf,
  decompress,
  decompressHead,
  readMatchHead,
  withoutCompressionSuffix,
} from './compression.ts';
import { ContentTooLargeError } from './content-limit.ts';

const TEXT = 'data_x\n_cell_length_a 1\n';
// TEXT compressed with the bzip2 and xz command-line tools (Node has no compressor for either).
const BZ2 = Buffer.from(
  'QlpoOTFBWSZTWYNEOGMAAAZbgAAQQAAgAAAArsUEQCAAMQAACjGkzU2onEEejqLAypYZqk/xdyRThQkINEOGMA==',
  'base64',
);
const XZ = Buffer.from(
  '/Td6WFoAAATm1rRGAgAhARYAAAB0L+WjAQAXZGF0YV94Cl9jZWxsX2xlbmd0aF9hIDEKAEldgyE2tdrPAAEwGI4brOwftvN9AQAAAAAEWVo=',
  'base64',
);

describe('compression', () => {
  it('knows the suffixes NOMAD reads transparently', () => {
    expect(compressionOf('a/vasprun.xml.GZ')).toBe('gz');
    expect(compressionOf('a/vasprun.xml.bz2')).toBe('bz2');
    expect(compressionOf('a/vasprun.xml.bands.xz')).toBe('xz');
    expect(compressionOf('a/vasprun.xml')).toBeUndefined();
    expect(withoutCompressionSuffix('a/vasprun.xml.bands.xz')).toBe('a/vasprun.xml.bands');
  });

  it('decompresses gzip, bzip2 and xz', async () => {
    expect((await decompress(gzipSync(TEXT), 'gz')).toString()).toBe(TEXT);
    expect((await decompress(BZ2, 'bz2')).toString()).toBe(TEXT);
    expect((await decompress(XZ, 'xz')).toString()).toBe(TEXT);
  });

  it('stops decompressing at the limit instead of filling memory', async () => {
    const zeros = Buffer.alloc(1024 * 1024);
    await expect(decompress(gzipSync(zeros), 'gz', 1000)).rejects.toBeInstanceOf(ContentTooLargeError);
    await expect(decompress(BZ2, 'bz2', 10)).rejects.toBeInstanceOf(ContentTooLargeError);
    await expect(decompress(XZ, 'xz', 10)).rejects.toBeInstanceOf(ContentTooLargeError);
    expect((await decompress(BZ2, 'bz2', TEXT.length)).toString()).toBe(TEXT);
  });

  it('reports corrupt data instead of returning garbage', async () => {
    await expect(decompress(Buffer.from('not bzip2'), 'bz2')).rejects.toThrow(/corrupt bzip2/);
    await expect(decompress(XZ.subarray(0, XZ.length - 10), 'xz')).rejects.toThrow(/corrupt xz/);
  });

  it('decodes the head of a truncated gzip or xz stream, and an empty head for garbage', async () => {
    const long = `data_x\n${'#'.repeat(20000)}\n`;
    expect((await decompressHead(gzipSync(long).subarray(0, 64), 'gz')).toString().startsWith('data_x')).toBe(
      true,
    );
    expect((await decompressHead(XZ.subarray(0, XZ.length - 10), 'xz')).toString()).toBe(TEXT);
    expect((await decompressHead(Buffer.from('garbage'), 'gz')).length).toBe(0);
    expect((await decompressHead(Buffer.from('garbage'), 'bz2')).length).toBe(0);
  });

  describe('readMatchHead', () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'oasis-compression-'));
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it('reads files by their name: plain, or decompressed', async () => {
      await writeFile(join(dir, 'x.cif'), TEXT);
      await writeFile(join(dir, 'x.cif.bz2'), BZ2);
      await writeFile(join(dir, 'x.cif.xz'), XZ);
      for (const name of ['x.cif', 'x.cif.bz2', 'x.cif.xz'])
        expect((await readMatchHead(join(dir, name), name)).toString()).toBe(TEXT);
    });
  });
});
