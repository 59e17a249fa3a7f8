import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { ZipItem } from '../../files/raw-zip.ts';
import { zipStream } from './zip.ts';

const collect = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const entryNames = (zip: Buffer): Promise<string[]> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      file.on('end', () => resolve(names));
      file.on('error', reject);
    }),
  );

describe('zipStream', () => {
  it('pulls items and opens files only as the reader goes', async () => {
    let pulled = 0;
    let opened = 0;
    async function* items(): AsyncGenerator<ZipItem> {
      for (let i = 0; i < 500; i++) {
        pulled++;
        yield {
          path: `f${i}.txt`,
          open: () => {
            opened++;
            return Readable.from([Buffer.alloc(64 * 1024, i % 256)]);
          },
        };
      }
      yield { path: 'manifest.json', data: Buffer.from('[]') };
    }
    const output = zipStream(items(), { compress: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nobody reads: the source is only a little ahead, and only the first files were opened.
    expect(pulled).toBeLessThan(40);
    expect(opened).toBeLessThan(10);
    const names = await entryNames(await collect(output));
    expect(names).toHaveLength(501);
    expect(names.at(-1)).toBe('manifest.json');
    expect(opened).toBe(500);
  });

  it('ends the stream with the error of a failing file or source', async () => {
    async function* failingFile(): AsyncGenerator<ZipItem> {
      yield { path: 'ok.txt', data: Buffer.from('fine') };
      yield {
        path: 'broken.txt',
        open: () =>
          new Readable({
            read() {
              this.destroy(new Error('disk gone'));
            },
          }),
      };
    }
    await expect(collect(zipStream(failingFile(), { compress: true }))).rejects.toThrow('disk gone');
    async function* failingSource(): AsyncGenerator<ZipItem> {
      yield { path: 'ok.txt', data: Buffer.from('fine') };
      throw new Error('listing failed');
    }
    await expect(collect(zipStream(failingSource(), { compress: false }))).rejects.toThrow('listing failed');
  });

  it('stops pulling items when the reader goes away', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<ZipItem> {
      for (;;) {
        pulled++;
        yield { path: `f${pulled}.txt`, open: () => Readable.from([Buffer.alloc(64 * 1024)]) };
      }
    }
    const output = zipStream(endless(), { compress: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    output.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBe(after);
  });
});
