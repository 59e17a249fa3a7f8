import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

describe('precompressed assets', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text assets that decompress to the original', async () => {
    const script = `export const values = [${Array.from({ length: 500 }, (_, i) => i).join(',')}];`;
    writeFileSync(path.join(dir, 'page-1.js'), script);
    writeFileSync(path.join(dir, 'tiny-1.js'), 'export {};');
    writeFileSync(path.join(dir, 'font-1.woff2'), Buffer.alloc(4096, 7));

    expect(await precompressDirectory(dir)).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'page-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'page-1.js.gz'))).toString()).toBe(script);
    // Too small to gain anything, or compressed already.
    expect(existsSync(path.join(dir, 'tiny-1.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'font-1.woff2.br'))).toBe(false);
  });
});
